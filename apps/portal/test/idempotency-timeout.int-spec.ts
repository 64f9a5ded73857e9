// @slow 45s: distributed mode starts social-service as its own process, freezes it past the bus timeout (15 s).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import { socialRoutes } from '@intranet/social-contract';
import type { RequestContext } from '@intranet/platform-bus';
import { APP_ROLE, roleUrl, SYSTEM_ROLE } from '@intranet/platform-db';
import { eventually, freePort, ok, testMode } from '@intranet/platform-testing';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

jest.setTimeout(120_000);

/**
 * Issue 38 §2: an Idempotency-Key survives a timeout. The gateway answers 503 when a service does not answer in
 * time, and forgets the key (a failed call is not remembered there); the service records the key in the write's own
 * transaction (platform-outbox runOnce), so a retry of a call it did after all gets the first result and nothing is
 * written twice. First the service side in both modes (the calls a gateway would forward), then the whole story in
 * distributed mode with social-service as its own process, frozen with SIGSTOP.
 */
describe('an Idempotency-Key survives a timeout (issue 38 §2)', () => {
  describe('the service runs a call once per key', () => {
    let t: TestPortal;
    let ctx: RequestContext;
    let token: string;
    let clientId: string;
    beforeAll(async () => {
      t = await testPortal();
      const c = await t.makeClient('onceco');
      token = c.adminToken;
      clientId = c.client._id;
      ctx = { clientId, userId: c.admin._id, roles: c.admin.roles, workspace: 'onceco', lang: 'en' };
    });
    afterAll(() => t?.close());

    const create = (key: string, fingerprint: string, message: string) =>
      t.portal.platform.bus.request<{ _id: string; message: string }>('social.post.create', {
        ctx: { ...ctx, idempotency: { key: `${clientId}:${ctx.userId}:${key}`, fingerprint } },
        input: { params: {}, query: {}, body: { message } },
      });
    const count = async (message: string) => {
      const feed = await ok(t.call(socialRoutes.postNews, { token, params: { clientId, page: 1 }, query: { limit: '50' } }));
      return (feed.posts as { message: string }[]).filter((p) => p.message === message).length;
    };

    it('a call forwarded again (its first answer lost) returns the first result and writes nothing twice', async () => {
      const first = await create('k1', 'f1', 'Once, after a timeout');
      const again = await create('k1', 'f1', 'Once, after a timeout');
      assert.equal(again._id, first._id);
      assert.equal(await count('Once, after a timeout'), 1);
    });

    it('the key with another request is refused with 409 idempotencyKeyReused and writes nothing', async () => {
      await create('k2', 'f1', 'First request');
      await assert.rejects(create('k2', 'f2', 'Another request'), (err: { status?: number; code?: string }) => {
        assert.equal(err.status, 409);
        assert.equal(err.code, 'idempotencyKeyReused');
        return true;
      });
      assert.equal(await count('Another request'), 0);
    });

    it('two calls with one key at once write one post; the other is refused as still running or gets the first result', async () => {
      const [a, b] = await Promise.allSettled([create('k3', 'f1', 'Raced on the service'), create('k3', 'f1', 'Raced on the service')]);
      const done = [a, b].filter((r) => r.status === 'fulfilled');
      assert.ok(done.length >= 1);
      for (const r of [a, b]) if (r.status === 'rejected') assert.equal((r.reason as { code?: string }).code, 'idempotencyInProgress');
      assert.equal(await count('Raced on the service'), 1);
    });

    it('a refused call is forgotten: its corrected retry with the key runs', async () => {
      await assert.rejects(create('k4', 'f1', ''), (err: { status?: number }) => err.status === 400);
      const fixed = await create('k4', 'f2', 'Corrected on the service');
      assert.equal(fixed.message, 'Corrected on the service');
      assert.equal(await count('Corrected on the service'), 1);
    });
  });

  (testMode.postgres && testMode.nats ? describe : describe.skip)('distributed: social-service frozen past the timeout', () => {
    let t: TestPortal;
    let service: ChildProcess;
    let dataDir: string;
    let token: string;
    let clientId: string;
    const prefix = `t${randomBytes(5).toString('hex')}`;
    beforeAll(async () => {
      t = await testPortal({}, { busPrefix: prefix, without: ['social'] });
      dataDir = await mkdtemp(join(tmpdir(), 'social-service-'));
      const url = t.db.url!;
      const opsPort = await freePort();
      service = spawn(process.execPath, ['apps/social-service/src/main.ts'], {
        cwd: join(import.meta.dirname, '../../..'),
        env: {
          ...process.env,
          // The jest worker's VM-modules flag is not wanted in the service; the SWC hook is.
          NODE_OPTIONS: (process.env.NODE_OPTIONS ?? '').replace('--experimental-vm-modules', ''),
          DATABASE_URL: roleUrl(url, APP_ROLE),
          DATABASE_SYSTEM_URL: roleUrl(url, SYSTEM_ROLE),
          DATABASE_MIGRATE_URL: url,
          NATS_URL: process.env.NATS_URL,
          BUS_PREFIX: prefix,
          JWT_SECRET: t.config.JWT_SECRET,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'error',
          NODE_ENV: 'test',
          METRICS_PORT: String(opsPort),
          METRICS_HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const c = await t.makeClient('frozenco');
      token = c.adminToken;
      clientId = c.client._id;
      // Ready once its /readyz answers 200 (the probe server starts after every domain has started: frozen any
      // earlier, a start-up call's timer fires on SIGCONT and the service exits) and the feed answers through the gateway.
      await eventually(async () => (await fetch(`http://127.0.0.1:${opsPort}/readyz`).catch(() => undefined))?.status === 200, 60_000);
      await eventually(async () => (await t.call(socialRoutes.postNews, { token, params: { clientId, page: 1 } })).status === 200, 60_000);
    });
    afterAll(async () => {
      if (service && service.exitCode === null) {
        service.kill('SIGCONT');
        const exited = new Promise((r) => service.once('exit', r));
        service.kill('SIGTERM');
        await exited;
      }
      await t?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    const post = (message: string) => t.call(socialRoutes.postCreate, { token, body: { message }, headers: { 'idempotency-key': 'frozen-1' } });
    const stored = async (message: string) => {
      const feed = await ok(t.call(socialRoutes.postNews, { token, params: { clientId, page: 1 }, query: { limit: '50' } }));
      return (feed.posts as { _id: string; message: string }[]).filter((p) => p.message === message);
    };

    it('503 while frozen; the write lands when it resumes; the retry with the key gets that post, and one post exists', async () => {
      service.kill('SIGSTOP');
      const first = await post('Written once despite a timeout');
      assert.equal(first.status, 503);
      service.kill('SIGCONT');
      const [landed] = await eventually(async () => {
        const s = await stored('Written once despite a timeout');
        return s.length ? s : null;
      }, 30_000);
      // The post is in the feed once the write commits; the service stores the call's result just after, in a
      // transaction of its own (runOnce), and a retry in between is told 409 idempotencyInProgress, as a client
      // retrying too early would be. Retry until the first call has finished, then it must be that post.
      const retry = await eventually(async () => {
        const r = await post('Written once despite a timeout');
        return r.status === 409 && (r.body as { code?: string }).code === 'idempotencyInProgress' ? null : r;
      }, 30_000);
      assert.equal(retry.status, 200, JSON.stringify(retry.body));
      assert.equal(retry.body.result._id, landed!._id);
      assert.equal((await stored('Written once despite a timeout')).length, 1);
    });
  });
});
