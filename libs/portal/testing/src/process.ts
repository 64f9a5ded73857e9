import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@intranet/platform-config';

/**
 * The Node flags and environment `npm start` gives the embedded portal's process: apps/portal/node-options (read by
 * tools/scripts/run.sh too: `--flag` words, `NAME=value` words, `#` comment lines). `content` replaces the file's
 * (the benches' BENCH_PORTAL_FLAGS). Output: `flags` for the command line (before the script), `env` to merge into
 * its environment.
 */
export function portalNodeOptions(content?: string): { flags: string[]; env: Record<string, string> } {
  const options = (content ?? readFileSync(join(REPO_ROOT, 'apps/portal/node-options'), 'utf8'))
    .split('\n')
    .filter((l) => !l.startsWith('#'))
    .flatMap((l) => l.split(/\s+/))
    .filter(Boolean);
  return {
    flags: options.filter((o) => o.startsWith('--')),
    env: Object.fromEntries(options.filter((o) => /^[A-Za-z_]\w*=/.test(o)).map((o) => [o.slice(0, o.indexOf('=')), o.slice(o.indexOf('=') + 1)])),
  };
}

/**
 * What every embedded portal process of a spec or bench gets, over this process's environment: PGlite in `dataDir`,
 * the in-process bus (no DATABASE_URL or NATS_URL), no web, 127.0.0.1:`port`. `npm start`'s own defaults otherwise
 * (tools/bench/startup.ts measures those).
 */
export function portalProcessEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', WEB_DIR: '', DATABASE_URL: '', NATS_URL: '' };
}

/**
 * The environment of an embedded portal run as its own process (`npm start`'s script) by a spec or a bench: this
 * process's environment, production mode, PGlite in `dataDir`, the in-process bus (no DATABASE_URL or NATS_URL), no
 * web, a random JWT secret, `superadmin` as its superadmin, rate limits ×1,000, logs from `logLevel` on.
 */
export function embeddedPortalEnv(dataDir: string, port: number, superadmin: { login: string; password: string }, logLevel = 'error'): NodeJS.ProcessEnv {
  return {
    ...portalProcessEnv(dataDir, port),
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(24).toString('base64url'),
    SUPERADMIN_EMAIL: superadmin.login,
    SUPERADMIN_PASSWORD: superadmin.password,
    RATE_LIMIT_SCALE: '1000',
    LOG_LEVEL: logLevel,
  };
}
