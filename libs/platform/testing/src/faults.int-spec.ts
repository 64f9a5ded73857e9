import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from '@jest/globals';
import { NatsBus, systemContext } from '@intranet/platform-bus';
import { sql } from '@intranet/platform-db';
import { DomainError, serializeError } from '@intranet/platform-errors';
import { testDatabase, testMode } from './index.ts';

/**
 * Issue 18 §5 "faults survived": the bus on a NATS server that restarts, and a PostgreSQL connection dropped in
 * the middle of a transaction. tools/chaos/infra-restart.ts measures the same under load on the whole stack.
 */

const NATS_BIN = ['/usr/sbin/nats-server', '/usr/local/bin/nats-server', '/usr/bin/nats-server'].find((p) => existsSync(p));

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const c = createConnection({ host: '127.0.0.1', port });
    c.once('connect', () => (c.destroy(), resolve(true)));
    c.once('error', () => resolve(false));
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('faults survived (issue 18 §5)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('a NATS restart: requests fail fast (503) while it is down and succeed again within 5 s of its return', async () => {
    assert.ok(NATS_BIN, 'nats-server is needed (Debian package nats-server; the machine runs one at 127.0.0.1:4222)');
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'faults-nats-'));
    let nats: ChildProcess | undefined;
    const start = async () => {
      nats = spawn(NATS_BIN, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dir], { stdio: 'ignore' });
      for (let i = 0; i < 100 && !(await portOpen(port)); i++) await sleep(50);
    };
    const stop = async () => {
      const p = nats!;
      if (p.exitCode !== null) return;
      const gone = new Promise((r) => p.once('exit', r));
      p.kill('SIGTERM');
      await gone;
    };
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    cleanups.push(stop);
    await start();

    const servers = `nats://127.0.0.1:${port}`;
    const service = new NatsBus({ servers, queue: 'faults', prefix: 'faults', requestTimeoutMs: 10_000 });
    service.handle('faults.echo', async ({ input }) => ({ echoed: input }));
    await service.start();
    const caller = new NatsBus({ servers, prefix: 'faults', requestTimeoutMs: 10_000 });
    await caller.start();
    cleanups.push(async () => {
      await caller.close().catch(() => undefined);
      await service.close().catch(() => undefined);
    });
    const ask = () => caller.request('faults.echo', { ctx: systemContext(), input: 1 });
    assert.deepEqual(await ask(), { echoed: 1 });

    await stop();
    await sleep(300); // the clients notice the closed socket
    const t0 = Date.now();
    await assert.rejects(ask(), (e: unknown) => e instanceof DomainError && e.status === 503);
    const failMs = Date.now() - t0;
    assert.ok(failMs < 1000, `failed fast while NATS was down (${failMs} ms), not after the 10 s time limit`);

    await start();
    const back = Date.now();
    let ok = false;
    while (!ok && Date.now() - back < 5000) {
      ok = await ask().then(
        (r) => JSON.stringify(r) === '{"echoed":1}',
        () => false,
      );
      if (!ok) await sleep(100);
    }
    assert.ok(ok, `requests succeed again within 5 s of NATS's return (waited ${Date.now() - back} ms)`);
  });

  it('a PostgreSQL connection dropped inside a transaction: the process lives, the request gets 503, the pool recovers', async () => {
    const db = await testDatabase([]);
    cleanups.push(() => db.close());
    if (!testMode.postgres) {
      // PGlite runs in the process: there is no connection to drop. The error mapping still holds.
      const err = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      assert.equal(serializeError(err).status, 503);
      return;
    }
    const rows = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;
    const failed = await db
      .asSystem('faults spec', async (tx) => {
        const pid = Number(rows(await tx.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!.pid);
        // Another session ends ours while our transaction is idle: pg emits 'error' on the checked-out client.
        await db.adminExec(`SELECT pg_terminate_backend(${pid})`);
        await sleep(200);
        await tx.execute(sql`SELECT 1`);
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    assert.ok(failed, 'the transaction on the dropped connection fails');
    assert.equal(serializeError(failed).status, 503, `answered as unavailable (${(failed as Error).message})`);
    // The broken connection was discarded: the next transactions work.
    for (let i = 0; i < 5; i++) assert.equal(rows(await db.asSystem('faults spec', (tx) => tx.execute(sql`SELECT 1 AS one`)))[0]!.one, 1);
  });
});
