import { z } from 'zod';

/**
 * Process configuration, validated once at start (README "Configuration" lists every variable).
 * Empty strings count as unset so `FOO= npm start` behaves like no FOO.
 */
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const configSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).default('development'),
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
  HOST: optional(z.string()).default('127.0.0.1'),
  DATA_DIR: optional(z.string()).default('.data/portal'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')),
  BUS_PREFIX: optional(z.string().regex(/^[A-Za-z0-9_]+$/, 'letters, digits and _ only')),
  NATS_URL: optional(z.string().regex(/^(nats|tls):\/\//, 'must start with nats:// or tls://')),
  S3_ENDPOINT: optional(z.string().url()),
  S3_ACCESS_KEY: optional(z.string()),
  S3_SECRET_KEY: optional(z.string()),
  S3_BUCKET: optional(z.string()).default('intranet'),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')),
  MAIL_FROM: optional(z.string()).default('Intranet <no-reply@intranet.local>'),
  JWT_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  JWT_TTL_SECONDS: optional(z.coerce.number().int().positive()).default(60 * 60 * 24 * 7),
  SUPERADMIN_EMAIL: optional(z.string().email()),
  SUPERADMIN_PASSWORD: optional(z.string().min(7, 'must be longer than 6 characters')),
  VENDOR: optional(z.string()).default('intranet'),
  PUBLIC_URL: optional(z.string().url()),
  WEB_DIR: optional(z.string()),
  RATE_LIMIT_SCALE: optional(z.coerce.number().positive()).default(1),
  LOG_LEVEL: optional(z.enum(['debug', 'info', 'warn', 'error', 'silent'])).default('info'),
});

export type Config = z.infer<typeof configSchema>;

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
