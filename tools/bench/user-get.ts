/**
 * Benchmark: GET /api/user/{id} through the gateway in distributed mode (gateway → NATS → people-service →
 * PostgreSQL) against a bare Fastify handler running the same SQL, in one run.
 *
 *   node tools/bench/user-get.ts
 *
 * Environment: BENCH_SECONDS (10), BENCH_CONNECTIONS (64), BENCH_WARMUP_SECONDS (3), BENCH_EMPLOYEES (1000),
 * BENCH_POOL_SIZE (10: the bare server's pool, the same as platform-db's default), BENCH_PG_URL, BENCH_NATS_URL
 * (see tools/bench/lib.ts). The bare server runs in a worker thread so that autocannon (main thread) does not
 * share its event loop. See tools/bench/README.md for what the figures mean.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import Fastify from 'fastify';
import pg from 'pg';
import { assertAlive, autocannon, intEnv, log, machine, onCleanup, runBench, startStack, table, tenantSig, within, type CannonResult } from './lib.ts';

interface BareConfig {
  databaseUrl: string;
  clientId: string;
  /** The tenant signature inTenant sets (app.client_sig, libs/platform/db). */
  clientSig: string;
  userId: string;
  poolSize: number;
}

// Bare server (worker thread): the SQL of UsersRepository.byId inside the same transaction as Database.inTenant.
async function bareWorker(cfg: BareConfig): Promise<void> {
  const pool = new pg.Pool({ connectionString: cfg.databaseUrl, max: cfg.poolSize });
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/user/:id', async (req, reply) => {
    const c = await pool.connect();
    try {
      // What Database.inTenant + UsersRepository.byId do (libs/platform/db, libs/people/server/src/users.repository.ts).
      await c.query('BEGIN');
      await c.query(
        "SELECT set_config('role', $1, true), set_config('app.client_id', $2, true), set_config('app.client_sig', $3, true), set_config('app.user_id', $4, true)",
        ['intranet_app', cfg.clientId, cfg.clientSig, cfg.userId],
      );
      const { rows } = await c.query('SELECT * FROM people.users WHERE id = $1 LIMIT 1', [req.params.id]);
      await c.query('COMMIT');
      const row = rows[0] as Record<string, unknown> | undefined;
      if (!row) return reply.status(404).send({ message: 'The requested resource was not found' });
      const { id, ...rest } = row;
      return { result: { _id: id, ...rest } };
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      c.release();
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  parentPort!.postMessage({ port: typeof addr === 'object' && addr ? addr.port : 0 });
  parentPort!.once('message', async () => {
    await app.close();
    await pool.end();
    parentPort!.postMessage({ closed: true });
    parentPort!.close();
  });
}

async function main(): Promise<void> {
  const seconds = intEnv('BENCH_SECONDS', 10);
  const connections = intEnv('BENCH_CONNECTIONS', 64);
  const warmup = intEnv('BENCH_WARMUP_SECONDS', 3);
  const employees = intEnv('BENCH_EMPLOYEES', 1000);
  const poolSize = intEnv('BENCH_POOL_SIZE', 10);

  const s = await startStack({ services: [], employees });
  const targetId = s.employeeIds[Math.floor(s.employeeIds.length / 2)] ?? s.adminId;
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { databaseUrl: s.databaseUrl, clientId: s.clientId, clientSig: await tenantSig(s), userId: s.adminId, poolSize } satisfies BareConfig,
  });
  onCleanup(async () => {
    await within(
      5_000,
      'bare server close',
      new Promise<void>((r) => {
        worker.once('message', () => r());
        worker.once('exit', () => r());
        worker.postMessage('close');
      }),
    ).catch(() => undefined);
    await worker.terminate();
  });
  const bare = await within(
    30_000,
    'bare server start',
    new Promise<{ port: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    }),
  );

  const targets = [
    {
      target: 'gateway (distributed)',
      url: `${s.base}/api/user/${targetId}`,
      headers: { authorization: `Bearer ${s.adminToken}` } as Record<string, string> | undefined,
    },
    { target: 'bare fastify + pg', url: `http://127.0.0.1:${bare.port}/user/${targetId}`, headers: undefined },
  ];
  // Both answer 200 with the same user before any load.
  for (const t of targets) {
    const res = await fetch(t.url, { headers: t.headers, signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as { result?: { _id?: string } };
    if (res.status !== 200 || body.result?._id !== targetId)
      throw new Error(`${t.target}: expected 200 with user ${targetId}, got ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  }

  const rows: { target: string; r: CannonResult }[] = [];
  for (const t of targets) {
    assertAlive();
    log(`${t.target}: warm-up ${warmup} s`);
    await within((warmup + 30) * 1000, 'warm-up', autocannon({ url: t.url, connections, duration: warmup, headers: t.headers, timeout: 10 }));
    log(`${t.target}: ${seconds} s at ${connections} connections`);
    rows.push({
      target: t.target,
      r: await within((seconds + 30) * 1000, 'measurement', autocannon({ url: t.url, connections, duration: seconds, headers: t.headers, timeout: 10 })),
    });
  }
  assertAlive();

  console.log(`\nGET /api/user/{id} — ${seconds} s per target, ${connections} connections, ${employees} employees\n${machine(s.pgVersion)}\n`);
  console.log(
    table(
      ['target', 'req/s', 'p50 ms', 'p99 ms', 'avg ms', 'requests', 'errors/non-2xx'],
      rows.map(({ target, r }) => [
        target,
        r.requests.average.toFixed(0),
        r.latency.p50.toFixed(1),
        r.latency.p99.toFixed(1),
        r.latency.average.toFixed(1),
        String(r.requests.total),
        `${r.errors + r.timeouts}/${r.non2xx}`,
      ]),
    ),
  );
  const [g, b] = [rows[0].r, rows[1].r];
  console.log(
    `\nratio gateway/bare: req/s ${(g.requests.average / b.requests.average).toFixed(2)}, p50 ${(g.latency.p50 / b.latency.p50).toFixed(2)}×, p99 ${(g.latency.p99 / b.latency.p99).toFixed(2)}×`,
  );
}

// Entry point last: the module-level constants above must be initialised first.
if (isMainThread) {
  await runBench(main);
} else {
  await bareWorker(workerData as BareConfig);
}
