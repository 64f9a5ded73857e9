import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root (this file is libs/platform/config/src/index.ts): relative path settings resolve against it. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url)).replace(/\/$/, '');

/**
 * A path setting (DATA_DIR, WEB_DIR): a relative value is taken from the repository root, whatever the process's
 * current directory (npm runs scripts from a workspace folder; Fastify's static plugin needs absolute roots).
 */
export function resolvePath(p: string, root: string = REPO_ROOT): string {
  return isAbsolute(p) ? resolve(p) : resolve(root, p);
}
const pathSetting = z.string().transform((p) => resolvePath(p));

/**
 * Process configuration, validated once at start (README "Configuration" lists every variable).
 * Empty strings count as unset so `FOO= npm start` behaves like no FOO.
 */
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * TRUST_PROXY: whose X-Forwarded-For to believe. Off by default (the socket's address counts, so a caller cannot
 * pick the address the sign-in limits count); `true` trusts any proxy, a number that many hops, otherwise a
 * comma-separated list of proxy addresses or CIDRs.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): boolean | number | string[] => {
    const l = v.toLowerCase();
    if (['false', 'off', 'no', '0'].includes(l)) return false;
    if (['true', 'on', 'yes'].includes(l)) return true;
    if (/^\d+$/.test(l)) return Number(l);
    const list = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (!list.length || list.some((x) => !/^[0-9A-Fa-f:.]+(\/\d{1,3})?$/.test(x))) {
      ctx.addIssue({ code: 'custom', message: 'true, false, a hop count or comma-separated proxy addresses/CIDRs' });
      return z.NEVER;
    }
    return list;
  });

export const configSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).default('development'),
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
  HOST: optional(z.string()).default('127.0.0.1'),
  DATA_DIR: optional(pathSetting).default(resolvePath('.data/portal')),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')),
  // README "Database roles": the system context's login (default: DATABASE_URL as intranet_system) and the
  // migration step's (creates the roles, runs migrations as intranet_owner; unset: only checks they ran).
  DATABASE_SYSTEM_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')),
  DATABASE_MIGRATE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')),
  BUS_PREFIX: optional(z.string().regex(/^[A-Za-z0-9_]+$/, 'letters, digits and _ only')),
  NATS_URL: optional(z.string().regex(/^(nats|tls):\/\//, 'must start with nats:// or tls://')),
  S3_ENDPOINT: optional(z.string().url()),
  S3_ACCESS_KEY: optional(z.string()),
  S3_SECRET_KEY: optional(z.string()),
  S3_BUCKET: optional(z.string()).default('intranet'),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')),
  MAIL_FROM: optional(z.string()).default('Intranet <no-reply@intranet.local>'),
  JWT_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  /** Key material (≥ 16 characters) of the secrets stored encrypted (secrets.ts); required when NODE_ENV is production. */
  SECRETS_KEY: optional(z.string().min(16, 'must be at least 16 characters')),
  JWT_TTL_SECONDS: optional(z.coerce.number().int().positive()).default(60 * 60 * 24 * 7),
  SUPERADMIN_EMAIL: optional(z.string().email()),
  SUPERADMIN_PASSWORD: optional(z.string().min(7, 'must be longer than 6 characters')),
  VENDOR: optional(z.string()).default('intranet'),
  PUBLIC_URL: optional(z.string().url()),
  WEB_DIR: optional(pathSetting),
  TRUST_PROXY: optional(trustProxy).default(false),
  RATE_LIMIT_SCALE: optional(z.coerce.number().positive()).default(1),
  LOG_LEVEL: optional(z.enum(['debug', 'info', 'warn', 'error', 'silent'])).default('info'),
  /** social-service's wall read model (issue 19): `off` serves every wall page from SQL (benches compare both). */
  FEED_READ_MODEL: optional(z.enum(['on', 'off'])).default('on'),
  /** Embedded mode: PGlite in a worker thread (issue 19); `off` runs it on the main thread. */
  PGLITE_WORKER: optional(z.enum(['on', 'off'])).default('on'),
  /**
   * PostgreSQL: how many hot statements a process prepares automatically (ADR 0010); 0 turns it off (a pooler in
   * transaction mode that does not track prepared statements, e.g. PgBouncer before 1.21).
   */
  DATABASE_PREPARED_MAX: optional(z.coerce.number().int().min(0).max(10_000)).default(500),
  /** The gateway's realtime batch window in ms (issue 19); 0 sends every event to the sockets at once. */
  REALTIME_BATCH_MS: optional(z.coerce.number().int().min(0).max(5000)).default(500),
  /**
   * kb's AI assistant (issue 37): the installation-wide OpenAI-compatible connection, used by clients that set none
   * of their own (base URL, model, key).
   */
  AI_BASE_URL: optional(z.string().url()),
  AI_MODEL: optional(z.string()),
  AI_API_KEY: optional(z.string()),
  /**
   * people's single sign-on (issue 37): the installation-wide OpenID Connect applications, offered by every client
   * that sets no provider of its own. Microsoft: the issuer of one tenant (`https://login.microsoftonline.com/<tenant
   * id>/v2.0`); Google: `https://accounts.google.com` by default. `*_DOMAIN`: the tenant id (`tid`) or hosted domain
   * (`hd`) an identity must belong to. Such a provider never creates accounts.
   */
  SSO_MICROSOFT_ISSUER: optional(z.string().url()),
  SSO_MICROSOFT_CLIENT_ID: optional(z.string()),
  SSO_MICROSOFT_SECRET: optional(z.string()),
  SSO_MICROSOFT_DOMAIN: optional(z.string().trim()),
  SSO_GOOGLE_ISSUER: optional(z.string().url()).default('https://accounts.google.com'),
  SSO_GOOGLE_CLIENT_ID: optional(z.string()),
  SSO_GOOGLE_SECRET: optional(z.string()),
  SSO_GOOGLE_DOMAIN: optional(z.string().trim()),
  /** notifications: how often the delivery worker looks for due retries of external sends, ms. */
  NOTIF_DELIVERY_POLL_MS: optional(z.coerce.number().int().min(10).max(600_000)).default(2000),
  /** notifications: the first retry delay of a failed external send, ms (doubled per attempt). */
  NOTIF_RETRY_BASE_MS: optional(z.coerce.number().int().positive()).default(5000),
  /** notifications: the longest retry delay of a failed external send, ms. */
  NOTIF_RETRY_MAX_MS: optional(z.coerce.number().int().positive()).default(3_600_000),
  /** notifications: the largest POST api/notification stored before its answer (larger: stored in the background). */
  NOTIF_NOTICE_SYNC_MAX: optional(z.coerce.number().int().positive()).default(1000),
  /** notifications: the notifications stored per transaction of a fan-out. */
  NOTIF_FANOUT_CHUNK: optional(z.coerce.number().int().positive()).default(1000),
  /** notifications: `1`/`true` lets webhooks and the Bot API be http on private hosts (tests, development only). */
  NOTIF_ALLOW_PRIVATE_HOSTS: optional(z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true')).default(false),
  /** clients (issue 36): the Sendsay JSON API endpoint with the account's login (POST api/clients/exec_sendsay); tests point it at a local fake. */
  SENDSAY_API_URL: optional(z.string().url()),
  /** clients: the Sendsay API key; unset, exec_sendsay answers 'Export to a mailing service failed'. */
  SENDSAY_API_KEY: optional(z.string()),
  /** notifications: the Telegram Bot API root (tests point it at a local stand-in). */
  TELEGRAM_API_ROOT: optional(
    z
      .string()
      .url()
      .transform((v) => v.replace(/\/$/, '')),
  ).default('https://api.telegram.org'),
});

export type Config = z.infer<typeof configSchema>;

export { DEV_SECRETS_KEY, isSealed, openSecret, sealSecret, SecretError, secretsKey } from './secrets.ts';

/** Thrown when the environment is invalid; the message lists every bad variable. */
export class ConfigError extends Error {}

/**
 * Validates `env` (default process.env) → Config. Raises ConfigError naming each bad variable and why.
 * Secret values are never echoed.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * Checks that `keys` are set for `who` (e.g. 'people-service'); raises ConfigError naming each missing variable
 * (distributed mode has no embedded fallbacks such as the generated JWT secret).
 */
export function requireConfig(config: Config, keys: readonly (keyof Config)[], who: string): void {
  const missing = keys.filter((k) => config[k] === undefined || config[k] === null || config[k] === '');
  if (missing.length) {
    throw new ConfigError(`Invalid configuration:\n${missing.map((k) => `  ${k}: required by ${who} (distributed mode)`).join('\n')}`);
  }
}
