import { ConfigError } from '@intranet/platform-config';
import type { Bus } from '@intranet/platform-bus';
import type { Database, MigrationSet } from '@intranet/platform-db';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { queryRows, sql } from '@intranet/platform-db';
import { createServer, type Server } from 'node:http';
import client from 'prom-client';
import { z } from 'zod';
import type { Logger } from './logger.ts';

/**
 * Operations settings (issue 18 §6; README "Observability"), read from the environment beside the Config:
 * METRICS_PORT — a small HTTP server with /metrics, /livez and /readyz (unset: none; the Kubernetes manifests set
 * 9464); METRICS_HOST (default 0.0.0.0); METRICS_TOKEN — a bearer token that opens the gateway's /metrics on its
 * own HTTP port (unset: that path answers 404 there); OTEL_EXPORTER_OTLP_ENDPOINT — traces (unset: off).
 */
const opsSchema = z.object({
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_HOST: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()).default('0.0.0.0'),
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16, 'must be at least 16 characters').optional()),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
});
export type OpsConfig = z.infer<typeof opsSchema>;

/** Validates the operations settings of `env`; raises ConfigError naming each bad variable (values never echoed). */
export function loadOpsConfig(env: Record<string, string | undefined> = process.env): OpsConfig {
  const parsed = opsSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  return parsed.data;
}

// ---------------------------------------------------------------------------------------------------------------
// Metrics: one prom-client registry per process.

/** The process's metrics registry (default Node metrics included once it is first scraped). */
export const metricsRegistry = new client.Registry();
let defaults = false;

const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15];

/** Gateway: HTTP latency by method, route pattern (never the raw URL) and status. */
export const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests handled by the gateway, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** Every process: bus request latency by subject, side (client: the caller waited; server: the handler ran) and outcome. */
export const busDuration = new client.Histogram({
  name: 'bus_request_duration_seconds',
  help: 'Bus requests by subject, side (client or server) and outcome (ok, error)',
  labelNames: ['subject', 'side', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** Databases of this process whose pool and outbox the gauges report (added by openPlatform). */
const databases = new Set<Database>();

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The runtime pool of a PostgreSQL database (drizzle's client), undefined for PGlite. */
function poolOf(db: Database): PoolLike | undefined {
  const c = (db.drizzle as unknown as { $client?: Partial<PoolLike> }).$client;
  return c && typeof c.totalCount === 'number' ? (c as PoolLike) : undefined;
}

new client.Gauge({
  name: 'db_pool_connections',
  help: 'PostgreSQL runtime pool connections by state (total, idle, waiting: callers queued for a connection)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const db of databases) {
      const p = poolOf(db);
      if (!p) continue;
      total += p.totalCount;
      idle += p.idleCount;
      waiting += p.waitingCount;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

const outboxPending = new client.Gauge({
  name: 'outbox_pending_events',
  help: 'Committed events not yet published to the bus',
  registers: [metricsRegistry],
});

new client.Gauge({
  name: 'outbox_lag_seconds',
  help: 'Age of the oldest committed event not yet published (0: none pending)',
  registers: [metricsRegistry],
  async collect() {
    let lag = 0;
    let pending = 0;
    for (const db of databases) {
      try {
        const [row] = await db.asSystem('metrics: outbox lag', (tx) =>
          queryRows<{ n: number; age: number }>(
            tx,
            sql`SELECT count(*)::int AS n, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS age FROM outbox.events`,
          ),
        );
        pending += row?.n ?? 0;
        lag = Math.max(lag, Number(row?.age ?? 0));
      } catch {
        // not migrated or closed: /readyz says so
      }
    }
    outboxPending.set(pending);
    this.set(lag);
  },
});

/** Buses of this process whose durable consumers' lag the gauge reports (added by openPlatform). */
const buses = new Set<Pick<Bus, 'consumerLag'>>();

new client.Gauge({
  name: 'bus_consumer_pending',
  help: "Events a durable consumer of this process has not handled yet (JetStream's pending plus unacknowledged)",
  labelNames: ['consumer'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const bus of buses) {
      for (const { consumer, pending } of await (bus.consumerLag?.() ?? Promise.resolve([])).catch(() => [])) this.set({ consumer }, pending);
    }
  },
});

/** Reports `bus`'s consumer lag in this process's metrics until the returned function is called. */
export function watchBus(bus: Pick<Bus, 'consumerLag'>): () => void {
  buses.add(bus);
  return () => buses.delete(bus);
}

/** Reports `db`'s pool and outbox in this process's metrics until the returned function is called. */
export function watchDatabase(db: Database): () => void {
  databases.add(db);
  return () => databases.delete(db);
}

/** The metrics in Prometheus' text format (default Node metrics started on the first call). */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  if (!defaults) {
    defaults = true;
    client.collectDefaultMetrics({ register: metricsRegistry });
  }
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}

// ---------------------------------------------------------------------------------------------------------------
// Readiness: the checks of this process's ports.

const checks = new Map<symbol, { name: string; run: () => Promise<unknown> }>();

/**
 * Adds a readiness check (`database`, `bus`, `migrations`): `run` resolves when the port is usable now and
 * rejects otherwise. Returns the function that removes it (a port's close).
 */
export function addReadinessCheck(name: string, run: () => Promise<unknown>): () => void {
  const key = Symbol(name);
  checks.set(key, { name, run });
  return () => checks.delete(key);
}

/** The readiness checks of `db`: reachable as the runtime role, migrated (its tenant signing key exists). */
export function databaseCheck(db: Database): () => Promise<unknown> {
  // inTenant reads the signing key the migrations create (NotMigratedError without it) and runs as APP_ROLE.
  return () => db.inTenant({ clientId: null }, (tx) => tx.execute(sql`SELECT 1`));
}

/**
 * The readiness check "migrations present": every set's applied count (drizzle's bookkeeping, read in the system
 * context) reaches its journal's entries, so an image newer than its migration step is not ready. Read-only; the
 * journals are read once here.
 */
export function migrationsCheck(db: Database, sets: MigrationSet[]): () => Promise<unknown> {
  const expected = sets.map((set) => ({
    schema: set.schema,
    entries: (JSON.parse(readFileSync(join(set.folder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length,
  }));
  return () =>
    db.asSystem('readiness: migrations', async (tx) => {
      for (const { schema, entries } of expected) {
        const [row] = await queryRows<{ n: number }>(tx, sql.raw(`SELECT count(*)::int AS n FROM drizzle."${schema.replace(/"/g, '')}_migrations"`));
        const n = row?.n ?? 0;
        if (n < entries) throw new Error(`schema "${schema}" has ${n} of ${entries} migrations`);
      }
    });
}

export interface Readiness {
  ready: boolean;
  /** Each check's outcome: 'ok' or 'fail' (reasons go to the log only). */
  checks: Record<string, 'ok' | 'fail'>;
}

/** Runs every check (each bounded by `timeoutMs`); failures are logged at warn with their reason. */
export async function readiness(log?: Logger, timeoutMs = 2000): Promise<Readiness> {
  const out: Record<string, 'ok' | 'fail'> = {};
  await Promise.all(
    [...checks.values()].map(async ({ name, run }) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([run(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)))]);
        out[name] ??= 'ok';
      } catch (err) {
        out[name] = 'fail';
        log?.warn(`readiness: ${name} failed: ${(err as Error)?.message ?? String(err)}`, { check: name });
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { ready: Object.values(out).every((v) => v === 'ok'), checks: out };
}

/**
 * The operations server of a process (METRICS_PORT): GET /metrics (Prometheus text), /livez (200 while the process
 * runs) and /readyz (200 or 503 with each check's outcome). Nothing else; resolves once listening.
 */
export async function startOpsServer(port: number, host: string, log?: Logger): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(body));
    if (path === '/livez') return json(200, { status: 'ok' });
    if (path === '/readyz') {
      void readiness(log).then((r) => json(r.ready ? 200 : 503, { status: r.ready ? 'ok' : 'unavailable', checks: r.checks }));
      return;
    }
    if (path === '/metrics') {
      void renderMetrics().then(
        (m) => res.writeHead(200, { 'content-type': m.contentType }).end(m.body),
        () => res.writeHead(500).end(),
      );
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
