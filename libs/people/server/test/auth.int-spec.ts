import { clientRoutes } from '@intranet/clients-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { allRoutes, createGateway } from '@intranet/gateway-server';
import { PASSWORD_RESET_QUEUE, passwordResets } from '@intranet/people-server';
import { queryRows, sql } from '@intranet/platform-db';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { eventually } from '@intranet/platform-testing';
import { SUPERADMIN, testPortal, type TestPortal } from '@intranet/portal-testing';

describe('sign-in, sessions and password reset (§7 Environment and session, §8 Login)', () => {
  let t: TestPortal;
  /** The mail to `to` in the outbox; the reset mails go out after the answer (issue 38 §3), so it waits for it. */
  const mailTo = (to: string) =>
    eventually(async () => {
      const outbox = join(t.dataDir, 'outbox');
      const files = await readdir(outbox).catch(() => [] as string[]);
      const mails = await Promise.all(files.filter((f) => f.endsWith('.txt')).map((f) => readFile(join(outbox, f), 'utf8')));
      return mails.find((m) => m.includes(to));
    });
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  beforeAll(async () => {
    t = await testPortal();
    acme = await t.makeClient('acme');
  });
  afterAll(() => t.close());

  it('GET /api/env answers the vendor and every response carries x-vendor', async () => {
    const r = await t.call(clientRoutes.clientEnv);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { vendor: 'intranet' });
    assert.equal(r.headers['x-vendor'], 'intranet');
  });

  it('login returns token, result and _id; the token carries exp, client_id and result._id', async () => {
    const r = await t.call(peopleRoutes.authLogin, { body: { login: 'admin@acme.test', password: 'adminpass1' } });
    assert.equal(r.status, 200);
    assert.equal(r.body._id, r.body.result._id);
    assert.equal(r.body.result.password_hash, undefined);
    assert.equal(r.body.result.passwordHash, undefined);
    const payload = JSON.parse(Buffer.from(r.body.token.split('.')[1], 'base64url').toString());
    assert.equal(payload.client_id, acme.client._id);
    assert.equal(payload.result._id, r.body._id);
    assert.ok(payload.exp > Date.now() / 1000);
  });

  it('loginPage signs in within the named workspace; an unknown workspace is 404', async () => {
    const ok = await t.call(peopleRoutes.authLoginPage, { body: { login: 'admin@acme.test', password: 'adminpass1', workspace: 'acme' } });
    assert.equal(ok.status, 200);
    const bad = await t.call(peopleRoutes.authLoginPage, { body: { login: 'admin@acme.test', password: 'adminpass1', workspace: 'nope' } });
    assert.equal(bad.status, 404);
    assert.equal(bad.body.message, 'The requested resource was not found');
  });

  it('§8 login errors: missing fields; an unknown account and a wrong password answer alike (issue 18 §4)', async () => {
    const empty = await t.call(peopleRoutes.authLogin, { body: {} });
    assert.equal(empty.status, 400);
    assert.deepEqual(empty.body.errors.map((e: { field: string }) => e.field).sort(), ['login', 'password']);
    assert.equal(empty.body.errors.find((e: { field: string }) => e.field === 'login').message, 'Enter login or e-mail');
    const nouser = await t.call(peopleRoutes.authLogin, { body: { login: 'ghost@acme.test', password: 'whatever1' } });
    const nologin = await t.call(peopleRoutes.authLogin, { body: { login: 'ghost', password: 'whatever1' } });
    const wrong = await t.call(peopleRoutes.authLogin, { body: { login: 'admin@acme.test', password: 'wrong-pass' } });
    for (const r of [nouser, nologin, wrong]) {
      assert.equal(r.status, 401, JSON.stringify(r.body));
      assert.deepEqual(r.body, wrong.body);
    }
    assert.equal(wrong.body.message, 'Wrong login or password');
    assert.equal(wrong.body.code, 'wrongCredentials');
  });

  it('an e-mail with accounts in two workspaces: a wrong password answers like an unknown account, a right one asks for the workspace', async () => {
    const other = await t.makeClient('otherco');
    // Registered without signing in (makeEmployee signs in, which is exactly what is ambiguous here).
    for (const token of [acme.adminToken, other.adminToken]) {
      const r = await t.call(peopleRoutes.userRegister, {
        token,
        body: { firstName: 'Tw', lastName: 'Ice', email: 'twice@shared.test', password: 'employee1', confirmPassword: 'employee1' },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
    }
    const unknown = await t.call(peopleRoutes.authLogin, { body: { login: 'nobody@shared.test', password: 'employee1' } });
    const wrong = await t.call(peopleRoutes.authLogin, { body: { login: 'twice@shared.test', password: 'not-theirs1' } });
    assert.equal(wrong.status, 401);
    assert.deepEqual(wrong.body, unknown.body);
    const right = await t.call(peopleRoutes.authLogin, { body: { login: 'twice@shared.test', password: 'employee1' } });
    assert.equal(right.status, 400);
    assert.equal(right.body.message, 'This e-mail is used in several workspaces: sign in on your workspace page');
  });

  it('a deleted user gets the "User deleted" error and their open token stops working', async () => {
    const emp = await t.makeEmployee(acme.adminToken, 'gone@acme.test');
    const before = await t.call(peopleRoutes.userGet, { token: emp.token, params: { id: emp.user._id } });
    assert.equal(before.status, 200);
    const del = await t.call(peopleRoutes.userDelete, { token: acme.adminToken, params: { id: emp.user._id } });
    assert.equal(del.status, 200);
    const r = await t.call(peopleRoutes.authLogin, { body: { login: 'gone@acme.test', password: 'employee1' } });
    assert.equal(r.status, 403);
    assert.equal(r.body.message, 'User deleted');
    const afterDelete = await t.call(peopleRoutes.userGet, { token: emp.token, params: { id: emp.user._id } });
    assert.equal(afterDelete.status, 401);
  });

  it('a blocked client answers 403 "Login blocked" at sign-in and on every call; unblocking restores access', async () => {
    const blocked = await t.makeClient('blockedco');
    const emp = await t.makeEmployee(blocked.adminToken, 'worker@blockedco.test');
    const b = await t.call(clientRoutes.clientUpdate, { token: blocked.superToken, params: { id: blocked.client._id }, body: { status: 'blocked' } });
    assert.equal(b.status, 200);
    assert.equal(b.body.result.status, 'blocked');
    const r = await t.call(peopleRoutes.authLogin, { body: { login: 'worker@blockedco.test', password: 'employee1' } });
    assert.equal(r.status, 403);
    assert.equal(r.body.message, 'Login blocked');
    const call = await t.call(peopleRoutes.userGet, { token: emp.token, params: { id: emp.user._id } });
    assert.equal(call.status, 403);
    assert.equal(call.body.message, 'Login blocked');
    await t.call(clientRoutes.clientUpdate, { token: blocked.superToken, params: { id: blocked.client._id }, body: { status: 'active' } });
    assert.equal((await t.call(peopleRoutes.authLogin, { body: { login: 'worker@blockedco.test', password: 'employee1' } })).status, 200);
  });

  it('an administrator cannot block their own client (superadmin only)', async () => {
    const r = await t.call(clientRoutes.clientUpdate, { token: acme.adminToken, params: { id: acme.client._id }, body: { status: 'blocked' } });
    assert.equal(r.status, 403);
    const c = await t.call(clientRoutes.clientGet, { token: acme.adminToken, params: { id: acme.client._id } });
    assert.equal(c.body.result.status, 'active');
  });

  it('logout revokes the token at once', async () => {
    const s = await t.login('admin@acme.test', 'adminpass1');
    assert.equal((await t.call(peopleRoutes.userGet, { token: s.token, params: { id: s.user._id } })).status, 200);
    assert.equal((await t.call(peopleRoutes.authLogout, { token: s.token, body: { user: s.user._id } })).status, 200);
    const r = await t.call(peopleRoutes.userGet, { token: s.token, params: { id: s.user._id } });
    assert.equal(r.status, 401);
  });

  it('rejects missing, forged and expired tokens with 401', async () => {
    assert.equal((await t.call(peopleRoutes.userGet, { params: { id: acme.admin._id } })).status, 401);
    const forged = acme.adminToken.slice(0, -3) + 'abc';
    assert.equal((await t.call(peopleRoutes.userGet, { token: forged, params: { id: acme.admin._id } })).status, 401);
    const jwt = (await import('jsonwebtoken')).default;
    const expired = jwt.sign(
      { client_id: acme.client._id, result: { _id: acme.admin._id }, sid: 'x', exp: Math.floor(Date.now() / 1000) - 10 },
      t.config.JWT_SECRET!,
    );
    assert.equal((await t.call(peopleRoutes.userGet, { token: expired, params: { id: acme.admin._id } })).status, 401);
  });

  it('forgot password queues one durable job per request, known e-mail or not; the job mails the link (issue 38 §3)', async () => {
    await t.makeEmployee(acme.adminToken, 'queued@acme.test');
    const jobs = async () =>
      t.db.asSystem('spec', (tx) =>
        queryRows<{ email: string; state: string }>(
          tx,
          sql`SELECT data->>'email' AS email, state::text AS state FROM pgboss.job WHERE name = ${PASSWORD_RESET_QUEUE} AND data->>'email' IN ('queued@acme.test', 'unqueued@acme.test')`,
        ),
      );
    assert.deepEqual(await jobs(), []);
    for (const email of ['queued@acme.test', 'unqueued@acme.test']) {
      const r = await t.call(peopleRoutes.authForgot, { body: { email } });
      assert.equal(r.status, 200);
    }
    // The answer did the same for both: one job each, carrying only what was typed.
    assert.deepEqual((await jobs()).map((j) => j.email).sort(), ['queued@acme.test', 'unqueued@acme.test']);
    assert.match(await mailTo('queued@acme.test'), /reset-password\/[A-Za-z0-9_-]+/);
    await eventually(async () => (await jobs()).every((j) => j.state === 'completed') || undefined);
  });

  it('password reset: the link from the outbox sets a new password once; the old one stops working', async () => {
    await t.makeEmployee(acme.adminToken, 'forgetful@acme.test');
    const nobody = await t.call(peopleRoutes.authForgot, { body: { email: 'nobody@acme.test' } });
    const r = await t.call(peopleRoutes.authForgot, { body: { email: 'forgetful@acme.test' } });
    assert.equal(r.status, 200);
    // Issue 8 §4: the answer must not tell whether the e-mail has an account.
    assert.equal(nobody.status, r.status);
    assert.deepEqual(nobody.body, r.body);
    const mail = await mailTo('forgetful@acme.test');
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail)![1];
    const mismatch = await t.call(peopleRoutes.authReset, { params: { token }, body: { password: 'newpass12', confirmPassword: 'other123' } });
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.body.errors[0].message, 'Passwords must match');
    const ok = await t.call(peopleRoutes.authReset, { params: { token }, body: { password: 'newpass12', confirmPassword: 'newpass12' } });
    assert.equal(ok.status, 200);
    const again = await t.call(peopleRoutes.authReset, { params: { token }, body: { password: 'another12', confirmPassword: 'another12' } });
    assert.equal(again.status, 400);
    assert.equal(again.body.message, 'The link is invalid or expired');
    assert.equal((await t.call(peopleRoutes.authLogin, { body: { login: 'forgetful@acme.test', password: 'employee1' } })).status, 401);
    assert.equal((await t.call(peopleRoutes.authLogin, { body: { login: 'forgetful@acme.test', password: 'newpass12' } })).status, 200);
  });

  it('reset_password_hard: an administrator sets a password; the old one and open sessions stop working', async () => {
    const e = await t.makeEmployee(acme.adminToken, 'hard@acme.test');
    const denied = await t.call(peopleRoutes.authResetHard, {
      token: e.token,
      body: { user_id: e.user._id, password: 'mine12345', confirmPassword: 'mine12345' },
    });
    assert.equal(denied.status, 403);
    const r = await t.call(peopleRoutes.authResetHard, {
      token: acme.adminToken,
      body: { user_id: e.user._id, password: 'fresh12345', confirmPassword: 'fresh12345' },
    });
    assert.equal(r.status, 200);
    assert.equal((await t.call(peopleRoutes.userGet, { token: e.token, params: { id: e.user._id } })).status, 401);
    assert.equal((await t.call(peopleRoutes.authLogin, { body: { login: 'hard@acme.test', password: 'employee1' } })).status, 401);
    assert.equal((await t.call(peopleRoutes.authLogin, { body: { login: 'hard@acme.test', password: 'fresh12345' } })).status, 200);
  });

  it('sign-in is rate-limited per account', async () => {
    let last = 0;
    for (let i = 0; i < 12; i++) {
      last = (await t.call(peopleRoutes.authLogin, { body: { login: 'target@acme.test', password: 'guess-' + i }, ip: `10.0.0.${i}` })).status;
    }
    assert.equal(last, 429);
    const r = await t.call(peopleRoutes.authLogin, { body: { login: 'target@acme.test', password: 'x' }, ip: '10.0.1.1' });
    assert.equal(r.body.message, 'Too many attempts, try again later');
  });

  it('/api/login and /api/loginPage share one budget per account (the key holds no route)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.call(peopleRoutes.authLogin, { body: { login: 'Shared@acme.test', password: 'guess-' + i }, ip: `10.1.0.${i}` })).status);
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await t.call(peopleRoutes.authLoginPage, { body: { login: 'shared@acme.test', password: 'guess-' + i, workspace: 'acme' }, ip: `10.1.1.${i}` }))
          .status,
      );
    }
    assert.ok(
      statuses.slice(0, 10).every((s) => s !== 429),
      statuses.join(','),
    );
    assert.equal(statuses[10], 429, 'the 11th attempt in a minute is refused whichever route it uses');
  });

  it('sign-in is rate-limited per address, and a made-up X-Forwarded-For does not reset the count', async () => {
    // Fifty attempts a minute per address (five times the per-account budget), each for another account and
    // each claiming another forwarded address: TRUST_PROXY is off, so the socket's address is what counts.
    let last = 0;
    for (let i = 0; i < 51; i++) {
      last = (
        await t.call(peopleRoutes.authLogin, {
          body: { login: `nobody${i}@acme.test`, password: 'x' },
          ip: '10.2.0.1',
          headers: { 'x-forwarded-for': `192.0.2.${i}` },
        })
      ).status;
      if (i < 50) assert.notEqual(last, 429, `attempt ${i + 1}`);
    }
    assert.equal(last, 429);
    // Another address still may sign in.
    assert.equal((await t.call(peopleRoutes.authLogin, { body: { login: 'admin@acme.test', password: 'adminpass1' }, ip: '10.2.0.2' })).status, 200);
  });

  it('with TRUST_PROXY naming the proxy, each forwarded address has its own sign-in budget', async () => {
    // A second gateway on the same bus, behind a "proxy" at 127.0.0.1; a low scale keeps the budgets small
    // (per address ceil(10 × 0.2 × 5) = 10 a minute).
    const p = t.portal.platform;
    const app = await createGateway({
      bus: p.bus,
      routes: allRoutes,
      jwtSecret: t.config.JWT_SECRET!,
      vendor: 'intranet',
      log: p.log,
      storage: p.storage,
      rateLimitScale: 0.2,
      trustProxy: ['127.0.0.1'],
    });
    try {
      await app.init();
      const fastify = app.getHttpAdapter().getInstance();
      const attempt = async (i: number, forwarded: string) =>
        (
          await fastify.inject({
            method: 'POST',
            url: '/api/login',
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': forwarded },
            payload: { login: `proxied${i}@acme.test`, password: 'x' },
          })
        ).statusCode;
      for (let i = 0; i < 11; i++) assert.notEqual(await attempt(i, `198.51.100.${i}`), 429, `distinct address ${i}`);
      const same: number[] = [];
      for (let i = 0; i < 11; i++) same.push(await attempt(100 + i, '203.0.113.7'));
      assert.ok(
        same.slice(0, 10).every((s) => s !== 429),
        same.join(','),
      );
      assert.equal(same[10], 429);
    } finally {
      await app.close();
    }
  });

  it('an expired reset link is refused and changes nothing', async () => {
    await t.makeEmployee(acme.adminToken, 'late@acme.test');
    assert.equal((await t.call(peopleRoutes.authForgot, { body: { email: 'late@acme.test' } })).status, 200);
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(await mailTo('late@acme.test'))![1];
    // Age every stored reset past its hour.
    await t.portal.platform.db.asSystem('test: expire resets', (tx) => tx.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }));
    const r = await t.call(peopleRoutes.authReset, { params: { token }, body: { password: 'newpass12', confirmPassword: 'newpass12' } });
    assert.equal(r.status, 400);
    assert.equal(r.body.message, 'The link is invalid or expired');
    assert.equal((await t.call(peopleRoutes.authLogin, { body: { login: 'late@acme.test', password: 'employee1' } })).status, 200);
  });

  it('the superadmin signs in with SUPERADMIN_EMAIL / SUPERADMIN_PASSWORD and has no client', async () => {
    const s = await t.login(SUPERADMIN.login, SUPERADMIN.password);
    assert.equal(s.user.client_id, null);
    assert.ok(s.user.roles.includes('superadmin'));
  });
});
