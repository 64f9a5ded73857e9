import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { NatsBus, systemContext } from '@intranet/platform-bus';
import { sql } from '@intranet/platform-db';
import { DomainError, serializeError } from '@intranet/platform-errors';
import { eventually, freePort, testDatabase, testMode } from './index.ts';

/**
 * Issue 18 §5 "faults survived": the bus on a NATS server that restarts, and a PostgreSQL connection dropped in
 * the middle of a transaction. tools/chaos/infra-restart.ts measures the same under load on the whole stack.
 */

const NATS_BIN = ['/usr/sbin/nats-server', '/usr/local/bin/nats-server', '/usr/bin/nats-server'].find((p) => existsSync(p));

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const c = createConnection({ host: '127.0.0.1', port });
    c.once('connect', () => (c.destroy(), resolve(true)));
    c.once('error', () => resolve(false));
  });

describe('faults survived (issue 18 §5)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  // The NATS client's status lines on each restart, disconnects included, are what this spec provokes (Nest's
  // logger; a process routes them to its own logger, openPlatform): not printed here, the spec asserts the outcome.
  beforeAll(() => Logger.overrideLogger(false));
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
      await eventually(() => portOpen(port));
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
    // The caller noticed the closed socket: a request then fails at once as disconnected (not by its time limit).
    await eventually(() =>
      caller.request('faults.echo', { ctx: systemContext(), input: 1 }, { timeoutMs: 500 }).then(
        () => false,
        (e: unknown) => e instanceof DomainError && e.details?.cause === 'DisconnectedError',
      ),
    );
    const t0 = Date.now();
    await assert.rejects(ask(), (e: unknown) => e instanceof DomainError && e.status === 503);
    const failMs = Date.now() - t0;
    assert.ok(failMs < 1000, `failed fast while NATS was down (${failMs} ms), not after the 10 s time limit`);

    await start();
    const back = Date.now();
    const ok = await eventually(
      () =>
        ask().then(
          (r) => JSON.stringify(r) === '{"echoed":1}',
          () => false,
        ),
      5000,
    ).catch(() => false);
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
        // With a timeout, pg_terminate_backend returns once the backend has exited (up to 5 s).
        await db.adminExec(`SELECT pg_terminate_backend(${pid}, 5000)`);
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
