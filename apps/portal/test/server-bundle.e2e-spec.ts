/**
 * The server bundle `npm start` runs (ADR 0015) answers as the sources do. Builds it into a folder of its own with
 * tools/server-bundle/build.mjs, starts `node <apps/portal/node-options> dist/<folder>/main.mjs` on a fresh DATA_DIR,
 * makes the fixtures' world through its API (every domain's entities), then calls every contract route once with
 * that world's ids and bodies, as its administrator (the superadmin for superadmin routes): no answer is a 5xx —
 * what a library the bundle carries wrongly, or one it left out, would give — and the process is still up; a
 * socket of the workspace gets the live event of a post. The routes' own answers are the route specs' (routes-access,
 * routes-fuzz) on the sources.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { allRoutes } from '@intranet/gateway-server';
import type { RouteDef } from '@intranet/platform-contracts';
import { eventually } from '@intranet/platform-testing';
import { bodyFor, createWorld, paramsFor, type World } from '@intranet/portal-testing/fixtures';
import { httpPortal, SUPERADMIN } from '@intranet/portal-testing';
import { embeddedPortalEnv, portalNodeOptions } from '@intranet/portal-testing/process';
import { socialRoutes } from '@intranet/social-contract';

const ROOT = join(import.meta.dirname, '../../..');
const OUT = `dist/spec-bundle-${process.pid}`;
const label = (r: RouteDef) => `${r.method} ${r.path}`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

jest.setTimeout(3 * 60_000);
describe('the server bundle (ADR 0015): every route answers without a server error', () => {
  let child: ChildProcess;
  let output = '';
  let base = '';
  let t: ReturnType<typeof httpPortal>;
  let w: World;
  const dataDir = mkdtempSync(join(tmpdir(), 'bundle-spec-'));
  const sockets: Socket[] = [];

  beforeAll(async () => {
    execFileSync(process.execPath, ['tools/server-bundle/build.mjs', OUT], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const { flags, env } = portalNodeOptions();
    child = spawn(process.execPath, [...flags, `${OUT}/main.mjs`], {
      cwd: ROOT,
      env: { ...embeddedPortalEnv(dataDir, port, SUPERADMIN, 'warn'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d));
    child.stderr!.on('data', (d: Buffer) => (output += d));
    await eventually(async () => {
      assert.equal(child.exitCode, null, `the bundle exited:\n${output.slice(-3000)}`);
      return (await fetch(`${base}/api/env`).catch(() => undefined))?.status === 200;
    }, 120_000);
    t = httpPortal(base);
    w = await createWorld(t, `bundle${randomBytes(3).toString('hex')}`);
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(join(ROOT, OUT), { recursive: true, force: true });
    rmSync(join(ROOT, `${OUT}.entry.mjs`), { force: true });
  });

  it('a socket of the workspace hears of a post made through the API', async () => {
    const s = io(`${base}/${w.workspace}`, { transports: ['websocket'], auth: { token: w.adminToken }, reconnection: false, timeout: 5000 });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', (e) => reject(e));
    });
    const ack = new Promise((resolve) => s.emit('identify', { client_id: w.ids.client, user_id: w.ids.admin, timestamp: Date.now() }, resolve));
    assert.deepEqual(await ack, { ok: true });
    const marker = `bundle ${Date.now()}`;
    const heard = new Promise<void>((resolve) =>
      s.onAny((subject: string, data: unknown) => {
        const events = subject === 'batch' ? (data as [string, unknown][]) : [[subject, data] as [string, unknown]];
        for (const [sub, d] of events)
          if (sub === 'evt.social.post.created' && String((d as { post?: { message?: string } })?.post?.message ?? '').includes(marker)) resolve();
      }),
    );
    const r = await t.call(socialRoutes.postCreate, { token: w.adminToken, body: { message: marker } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    await heard;
  });

  it('every contract route, called with the world as its administrator (superadmin routes as the superadmin), answers below 500', async () => {
    const failures: string[] = [];
    let answered = 0;
    // Some routes end the caller's sessions (sign-out, a password change): the next call signs in again.
    const tokens = { admin: w.adminToken, superadmin: w.superToken };
    const fresh = {
      admin: async () => (tokens.admin = (await t.login(`admin@${w.workspace}.test`, 'adminpass1')).token),
      superadmin: async () => (tokens.superadmin = (await t.login(SUPERADMIN.login, SUPERADMIN.password)).token),
    };
    for (const route of allRoutes) {
      const as = route.access.kind === 'superadmin' ? 'superadmin' : 'admin';
      const send = () =>
        t.call(route, {
          token: route.access.kind === 'public' ? undefined : tokens[as],
          params: paramsFor(route, w),
          body: route.multipart ? undefined : bodyFor(route, w),
        });
      let r = await send();
      if (r.status === 401 && route.access.kind !== 'public') {
        await fresh[as]();
        r = await send();
      }
      if (r.status < 300) answered++;
      if (r.status >= 500) failures.push(`${label(route)}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
    }
    assert.deepEqual(failures, [], `\n${failures.join('\n')}\n--- the bundle's output ---\n${output.slice(-3000)}`);
    // The world's calls reach the domains (a sweep refused at the gateway would prove nothing): most answer 2xx.
    assert.ok(answered > allRoutes.length / 2, `only ${answered} of ${allRoutes.length} routes answered 2xx`);
    assert.equal(child.exitCode, null, 'the bundle is still running');
    assert.equal((await fetch(`${base}/api/env`)).status, 200);
  });
});
