import { Logger as NestLogger } from '@nestjs/common';
import type { Bus } from '@intranet/platform-bus';
import { openBus } from '@intranet/platform-bus';
import { ConfigError, loadConfig, requireConfig, type Config } from '@intranet/platform-config';
import { openDatabase, type Database, type MigrationSet } from '@intranet/platform-db';
import { createMailer, type Mailer } from '@intranet/platform-mail';
import { openStorage, type Storage } from '@intranet/platform-storage';
import { join } from 'node:path';
import { createLogger, type Logger } from './logger.ts';

export { createLogger, type Logger } from './logger.ts';

/** What every domain module receives (DESIGN §1: a Bus, a Db and a Storage port; it never knows the mode). */
export interface DomainDeps {
  db: Database;
  bus: Bus;
  config: Config;
  mailer: Mailer;
  log: Logger;
  /** Object storage (keys start with the client id); see @intranet/platform-storage for signed URLs. */
  storage: Storage;
}

/** A domain's server side as the hosts (service apps, embedded portal) see it. */
export interface DomainModule {
  name: string;
  /** Absent while a domain has no tables yet. */
  migrations?: MigrationSet;
  /**
   * Variables the service cannot run without in distributed mode (beyond DATABASE_URL and NATS_URL), e.g.
   * JWT_SECRET for the one that signs tokens; the embedded portal supplies its own fallbacks.
   */
  requiredConfig?: (keyof Config)[];
  /** Binds handlers and subscriptions; called before the bus starts. */
  register(deps: DomainDeps): void | Promise<void>;
  /** Called once after the bus started (bootstrap work that needs other services, e.g. the superadmin). */
  afterStart?(deps: DomainDeps): Promise<void>;
}

export interface Platform {
  db: Database;
  bus: Bus;
  storage: Storage;
  mailer: Mailer;
  log: Logger;
  config: Config;
  close(): Promise<void>;
}

/**
 * Opens the ports for a process: PostgreSQL or PGlite (`DATABASE_URL` else `DATA_DIR/pg`), NATS or the
 * in-process bus (`NATS_URL`), SMTP or the outbox folder (`SMTP_URL` else `DATA_DIR/outbox`).
 */
export async function openPlatform(
  config: Config,
  opts: { queue?: string; busPrefix?: string; ephemeralBus?: boolean; db?: Database; bus?: Bus; log?: Logger } = {},
): Promise<Platform> {
  const log = opts.log ?? createLogger(config.LOG_LEVEL);
  // Nest's own connection chatter only at debug level.
  if (config.LOG_LEVEL !== 'debug') NestLogger.overrideLogger(['error']);
  const db =
    opts.db ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : join(config.DATA_DIR, 'pg'),
      audit: (reason) => log.debug(`rls bypass: ${reason}`),
    }));
  const bus = opts.bus ?? openBus({ natsUrl: config.NATS_URL, queue: opts.queue, prefix: opts.busPrefix ?? config.BUS_PREFIX, ephemeral: opts.ephemeralBus });
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: join(config.DATA_DIR, 'outbox'),
    log: (l) => log.info(l),
  });
  const storage = await openStorage({
    dataDir: config.DATA_DIR,
    s3: config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, accessKey: config.S3_ACCESS_KEY, secretKey: config.S3_SECRET_KEY, bucket: config.S3_BUCKET } : undefined,
  });
  return {
    db,
    bus,
    storage,
    mailer,
    log,
    config,
    async close() {
      await bus.close();
      await db.close();
    },
  };
}

/**
 * Migrates, registers and starts domain modules on a platform. Resolves when the bus is serving.
 */
export async function startDomains(platform: Platform, modules: DomainModule[]): Promise<void> {
  await platform.db.migrate(modules.flatMap((m) => (m.migrations ? [m.migrations] : [])));
  const deps: DomainDeps = { db: platform.db, bus: platform.bus, config: platform.config, mailer: platform.mailer, log: platform.log, storage: platform.storage };
  for (const m of modules) await m.register(deps);
  await platform.bus.start();
  for (const m of modules) await m.afterStart?.(deps);
}

/**
 * Runs one domain service as its own process (distributed mode): NATS queue group named after the domain,
 * PostgreSQL from DATABASE_URL. Raises ConfigError naming each missing variable (DATABASE_URL, NATS_URL and the
 * module's `requiredConfig`) before opening anything. Stops on SIGINT/SIGTERM.
 */
export async function runService(module: DomainModule, config: Config): Promise<Platform> {
  requireConfig(config, ['DATABASE_URL', 'NATS_URL', ...(module.requiredConfig ?? [])], `${module.name}-service`);
  const platform = await openPlatform(config, { queue: module.name });
  await startDomains(platform, [module]);
  platform.log.info(`${module.name}-service ready (queue group '${module.name}')`);
  onShutdown(() => platform.close());
  return platform;
}

/**
 * Entry point of a process: validates the environment (loadConfig) and runs `start`; a ConfigError is printed
 * as its message alone (naming each bad variable), anything else with its stack; both exit with status 1.
 */
export async function main(name: string, start: (config: Config) => Promise<unknown>): Promise<void> {
  try {
    await start(loadConfig());
  } catch (err) {
    process.stderr.write(`${name}: ${err instanceof ConfigError ? err.message : ((err as Error)?.stack ?? String(err))}\n`);
    process.exit(1);
  }
}

/** Calls `fn` once on SIGINT/SIGTERM, then exits. */
export function onShutdown(fn: () => Promise<void>): void {
  let done = false;
  const stop = async () => {
    if (done) return;
    done = true;
    await fn().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
