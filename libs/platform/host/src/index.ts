import { Logger as NestLogger, type INestMicroservice, type Type } from '@nestjs/common';
import type { Bus } from '@intranet/platform-bus';
import { openBus } from '@intranet/platform-bus';
import { ConfigError, loadConfig, requireConfig, type Config } from '@intranet/platform-config';
import { openDatabase, platformDatabaseOptions, type Database } from '@intranet/platform-db';
import { createMailer, type Mailer } from '@intranet/platform-mail';
import { Outbox, OutboxRelay } from '@intranet/platform-outbox';
import { JobQueue } from '@intranet/platform-jobs';
import { PLATFORM_MIGRATIONS } from './migrations.ts';

export { PLATFORM_MIGRATIONS } from './migrations.ts';
export { copiedId, TenantData, tenantPart, tenantTables, type TenantTableOptions, type TenantTableSpec } from './tenant.ts';
import { openStorage, type Storage } from '@intranet/platform-storage';
import { join } from 'node:path';
import { instrumentBus } from './instrument-bus.ts';
import { createLogger, nestLogger, type Logger } from './logger.ts';
import { domainOf, startDomains } from './nest.ts';
import { addReadinessCheck, databaseCheck, loadOpsConfig, startOpsServer, watchBus, watchDatabase } from './observability.ts';
import { startTracing, stopTracing } from './tracing.ts';

export { createLogger, nestLogger, type Logger, type LogLevel } from './logger.ts';
export { instrumentBus } from './instrument-bus.ts';
export {
  addReadinessCheck,
  busDuration,
  databaseCheck,
  httpDuration,
  loadOpsConfig,
  migrationsCheck,
  metricsRegistry,
  readiness,
  renderMetrics,
  startOpsServer,
  watchBus,
  watchDatabase,
  type OpsConfig,
  type Readiness,
} from './observability.ts';
export { contextFromHeaders, endSpan, flushTracing, startTracing, stopTracing, traceHeaders, tracer, tracingOn } from './tracing.ts';
export {
  BusTransport,
  Domain,
  DOMAIN_DEPS,
  domainOf,
  ForwardErrors,
  PlatformModule,
  PORTS,
  RouteController,
  RouteHandler,
  SubjectHandler,
  startDomains,
  SubjectController,
  type DomainInfo,
  type EventExtras,
  type SubjectHandlers,
} from './nest.ts';

/**
 * The platform ports as one object (DESIGN §1: a Bus, a Db and a Storage port; a domain never knows the mode):
 * the `DOMAIN_DEPS` provider the domains' handler factories take.
 */
export interface DomainDeps {
  db: Database;
  bus: Bus;
  config: Config;
  mailer: Mailer;
  log: Logger;
  /** Object storage (keys start with the client id); see @intranet/platform-storage for signed URLs. */
  storage: Storage;
  /**
   * Domain events of a state change: `outbox.add(tx, def, clientId, data)` inside the change's transaction (DESIGN §6);
   * the process's relay publishes them right after commit. `emit` only for events that describe no stored change.
   */
  outbox: Outbox;
}

export interface Platform {
  db: Database;
  bus: Bus;
  storage: Storage;
  mailer: Mailer;
  log: Logger;
  config: Config;
  /** Bound to `relay`: events added in a transaction are published right after its commit. */
  outbox: Outbox;
  /** Durable scheduled work (DESIGN §6, ADR 0011): started on first use, stopped by close before the database. */
  jobs: JobQueue;
  /** The process's one outbox relay: started by startDomains once the bus is up, stopped by close before the bus. */
  relay: OutboxRelay;
  /** Calls `fn` when the platform closes, before its ports (readiness checks of what runs on it). */
  onClose(fn: () => void): void;
  close(): Promise<void>;
}

/** The ports openPlatform makes before the database (`beforeDatabase`): what needs no database can start on them. */
export type PortsBeforeDatabase = Pick<Platform, 'bus' | 'log' | 'storage' | 'mailer'>;

/**
 * Opens the ports for a process: PostgreSQL or PGlite (`DATABASE_URL` else `DATA_DIR/pg`), NATS or the
 * in-process bus (`NATS_URL`), SMTP or the outbox folder (`SMTP_URL` else `DATA_DIR/outbox`), and the event
 * outbox with this process's relay (not started: startDomains starts it once the bus is up). `db` may be a promise
 * (the embedded database still booting in its worker); `beforeDatabase` is called with the other ports before it is
 * awaited, so that work needing no database overlaps the boot (the embedded gateway: ADR 0015).
 */
export async function openPlatform(
  config: Config,
  opts: {
    queue?: string;
    busPrefix?: string;
    ephemeralBus?: boolean;
    db?: Database | Promise<Database>;
    bus?: Bus;
    log?: Logger;
    beforeDatabase?: (ports: PortsBeforeDatabase) => void;
  } = {},
): Promise<Platform> {
  const processName = opts.queue ? `${opts.queue}-service` : 'portal';
  const log = opts.log ?? createLogger(config.LOG_LEVEL, processName);
  // Traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set (before the database: its SQL is traced).
  await startTracing(processName);
  // Nest's own messages as JSON lines of this logger (its connection chatter at debug level).
  NestLogger.overrideLogger(nestLogger(log));
  const opening = opts.db ?? openDatabase(platformDatabaseOptions(config, (reason) => log.debug(`rls bypass: ${reason}`)));
  if (opening instanceof Promise) opening.catch(() => undefined); // awaited below; must not surface as unhandled first
  // Bus latency metrics and trace context on every request (issue 18 §6).
  const bus = instrumentBus(
    opts.bus ?? openBus({ natsUrl: config.NATS_URL, queue: opts.queue, prefix: opts.busPrefix ?? config.BUS_PREFIX, ephemeral: opts.ephemeralBus }),
  );
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: join(config.DATA_DIR, 'outbox'),
    log: (l) => log.info(l),
  });
  const storage = await openStorage({
    dataDir: config.DATA_DIR,
    s3: config.S3_ENDPOINT
      ? { endpoint: config.S3_ENDPOINT, accessKey: config.S3_ACCESS_KEY, secretKey: config.S3_SECRET_KEY, bucket: config.S3_BUCKET }
      : undefined,
  });
  let db: Database;
  try {
    opts.beforeDatabase?.({ bus, log, storage, mailer });
    db = await opening;
  } catch (err) {
    // Nothing runs on the ports yet: a process that cannot open its database leaves no connection behind.
    if (!opts.bus) await bus.close().catch(() => undefined);
    throw err;
  }
  const relay = new OutboxRelay(db, bus, log);
  // Held: the domains' job workers start once the process listens (startDomains releases it; issue 39 §2).
  const jobs = new JobQueue(db, { log, held: true });
  // /readyz and /metrics of this process (the gateway's in embedded mode, METRICS_PORT's in a service).
  const unwatch: (() => unknown)[] = [
    watchDatabase(db),
    watchBus(bus),
    addReadinessCheck('database', databaseCheck(db)),
    addReadinessCheck('bus', () => bus.ping()),
    addReadinessCheck('jobs', () => jobs.serving()),
  ];
  return {
    db,
    bus,
    storage,
    mailer,
    log,
    config,
    outbox: new Outbox(relay),
    relay,
    jobs,
    onClose: (fn) => void unwatch.push(fn),
    async close() {
      for (const u of unwatch.splice(0)) u();
      await relay.stop();
      await jobs.stop();
      await bus.close();
      await db.close();
    },
  };
}

/**
 * Runs one domain module as its own process (distributed mode): a Nest microservice on NATS (BusTransport over
 * NatsBus, queue group named after the domain), PostgreSQL from DATABASE_URL. Raises ConfigError naming each
 * missing variable (DATABASE_URL, NATS_URL and the module's `requiredConfig`) before opening anything. Stops on
 * SIGINT/SIGTERM, closing the app, then the bus and the database.
 */
export async function runService(module: Type, config: Config): Promise<{ app: INestMicroservice; platform: Platform }> {
  const { name, requiredConfig } = domainOf(module);
  requireConfig(config, ['DATABASE_URL', 'NATS_URL', ...(requiredConfig ?? [])], `${name}-service`);
  const ops = loadOpsConfig();
  const platform = await openPlatform(config, { queue: name });
  const app = await startDomains(platform, [module]);
  // /metrics, /livez and /readyz on METRICS_PORT (off unless set; the Kubernetes manifests set it).
  const server = ops.METRICS_PORT ? await startOpsServer(ops.METRICS_PORT, ops.METRICS_HOST, platform.log) : undefined;
  platform.log.info(`${name}-service ready (queue group '${name}')${server ? `; metrics and probes on :${ops.METRICS_PORT}` : ''}`);
  onShutdown(async () => {
    await app.close();
    server?.close();
    await platform.close();
    await stopTracing();
  });
  return { app, platform };
}

/**
 * The migration step (issue 18 §1, README "Database roles"; a Kubernetes Job, or `npm run db:migrate`): creates or
 * corrects the roles, then applies the platform's (outbox, audit journal, job queue) and every discovered domain's migrations as the owner role under
 * an advisory lock, so it is safe with several replicas. Needs DATABASE_MIGRATE_URL (ConfigError otherwise) and
 * DATABASE_URL (the runtime login, checked not to be privileged). Output: the schemas migrated.
 */
export async function migrateAll(config: Config): Promise<string[]> {
  requireConfig(config, ['DATABASE_URL', 'DATABASE_MIGRATE_URL'], 'migrate');
  const { domainOf } = await import('./nest.ts');
  const { discoverDomainModules } = await import('./discover.ts');
  const sets = [...PLATFORM_MIGRATIONS, ...(await discoverDomainModules()).flatMap((m) => domainOf(m).migrations ?? [])];
  const db = await openDatabase({ ...platformDatabaseOptions(config), poolSize: 1 });
  try {
    await db.migrate(sets);
  } finally {
    await db.close();
  }
  return sets.map((s) => s.schema);
}

/**
 * Waits for the migration step without running it (the Kubernetes initContainer before a service starts,
 * deploy/k8s): resolves when every discovered domain's migrations are applied, else raises NotMigratedError naming
 * the first schema behind. Logs in as the runtime (DATABASE_URL) and system roles; never uses DATABASE_MIGRATE_URL.
 */
export async function checkMigrations(config: Config): Promise<void> {
  requireConfig(config, ['DATABASE_URL'], 'migration check');
  const { domainOf } = await import('./nest.ts');
  const { discoverDomainModules } = await import('./discover.ts');
  const sets = [...PLATFORM_MIGRATIONS, ...(await discoverDomainModules()).flatMap((m) => domainOf(m).migrations ?? [])];
  const db = await openDatabase({ ...platformDatabaseOptions({ ...config, DATABASE_MIGRATE_URL: undefined }), poolSize: 1 });
  try {
    await db.migrate(sets);
  } finally {
    await db.close();
  }
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
export { discoverDomainModules, discoverDomainNames, discoverRoutes, discoverRouteTables, type RealtimeBatchRules } from './discover.ts';
