import { peopleRoutes } from '@intranet/people-contract';
import { allRoutes, createGateway } from '@intranet/gateway-server';
import { signInAttempts, signInLimits } from '@intranet/people-server';
import { DomainError } from '@intranet/platform-errors';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { testPortal, type TestPortal } from '@intranet/portal-testing';

describe('sign-in and password-reset limits are shared by every gateway and people process (README "Auth", §8 Login)', () => {
  let t: TestPortal;
  // A second gateway on the same bus, as a second gateway process would be, behind a "proxy" at 127.0.0.1.
  let second: NestFastifyApplication;
  beforeAll(async () => {
    t = await testPortal();
    await t.makeClient('acme');
    const p = t.portal.platform;
    second = await createGateway({
      bus: p.bus,
      routes: allRoutes,
      jwtSecret: t.config.JWT_SECRET!,
      vendor: 'intranet',
      log: p.log,
      storage: p.storage,
      trustProxy: ['127.0.0.1'],
    });
    await second.init();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  /** One attempt through the second gateway, its address forwarded by the trusted proxy. */
  const viaSecond = async (body: Record<string, unknown>, forwarded: string, url = '/api/login') => {
    const r = await second
      .getHttpAdapter()
      .getInstance()
      .inject({ method: 'POST', url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwarded }, payload: body });
    return { status: r.statusCode, body: r.json() };
  };

  it('the per-account budget (10 a minute) holds across two gateways, /api/login and /api/loginPage alike', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await t.call(peopleRoutes.authLogin, { body: { login: 'Twin@acme.test', password: `guess-a${i}` }, ip: `10.5.0.${i}` })).status);
      statuses.push((await viaSecond({ login: 'twin@acme.test ', password: `guess-b${i}`, workspace: 'acme' }, `10.5.1.${i}`, '/api/loginPage')).status);
    }
    // Each gateway alone has counted five: only the shared count refuses the eleventh.
    assert.ok(
      statuses.every((s) => s !== 429),
      statuses.join(','),
    );
    const refused = await viaSecond({ login: 'twin@acme.test', password: 'guess-c' }, '10.5.2.1');
    assert.equal(refused.status, 429);
    assert.equal(refused.body.message, 'Too many attempts, try again later');
    assert.ok(refused.body.details.retryAfterSeconds >= 1 && refused.body.details.retryAfterSeconds <= 60, JSON.stringify(refused.body));
    // The first gateway refuses it too, though it counted only five.
    const first = await t.call(peopleRoutes.authLogin, { body: { login: 'twin@acme.test', password: 'guess-d' }, ip: '10.5.2.2' });
    assert.equal(first.status, 429);
    assert.equal(first.body.message, 'Too many attempts, try again later');
    // Another account is not held back.
    assert.equal((await viaSecond({ login: 'admin@acme.test', password: 'adminpass1' }, '10.5.2.3')).status, 200);
  });

  it('the per-address budget (50 a minute) holds across two gateways; a trusted proxy forwards the same address', async () => {
    const address = '203.0.113.50';
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push((await t.call(peopleRoutes.authLogin, { body: { login: `one${i}@acme.test`, password: 'x' }, ip: address })).status);
      statuses.push((await viaSecond({ login: `two${i}@acme.test`, password: 'x' }, address)).status);
    }
    assert.ok(
      statuses.every((s) => s !== 429),
      statuses.join(','),
    );
    const refused = await viaSecond({ login: 'admin@acme.test', password: 'adminpass1' }, address);
    assert.equal(refused.status, 429);
    assert.equal(refused.body.message, 'Too many attempts, try again later');
    assert.equal((await t.call(peopleRoutes.authLogin, { body: { login: 'admin@acme.test', password: 'adminpass1' }, ip: address })).status, 429);
    // Another address, through either gateway, still signs in.
    assert.equal((await viaSecond({ login: 'admin@acme.test', password: 'adminpass1' }, '203.0.113.51')).status, 200);
    assert.equal((await t.call(peopleRoutes.authLogin, { body: { login: 'admin@acme.test', password: 'adminpass1' }, ip: '203.0.113.52' })).status, 200);
  });

  it("the 'forgot password' budget per e-mail (5 in 5 minutes) holds across two gateways", async () => {
    await t.makeEmployee((await t.login('admin@acme.test', 'adminpass1')).token, 'forgetful@acme.test');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        i % 2
          ? (await t.call(peopleRoutes.authForgot, { body: { email: 'forgetful@acme.test' }, ip: `10.7.0.${i}` })).status
          : (await viaSecond({ email: 'Forgetful@acme.test' }, `10.7.1.${i}`, '/api/forgot_password')).status,
      );
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200]);
    const refused = await viaSecond({ email: 'forgetful@acme.test' }, '10.7.2.1', '/api/forgot_password');
    assert.equal(refused.status, 429);
    assert.equal(refused.body.message, 'Too many attempts, try again later');
    assert.equal((await t.call(peopleRoutes.authForgot, { body: { email: 'forgetful@acme.test' }, ip: '10.7.2.2' })).status, 429);
  });

  it('two people replicas on one database draw on the same counters, which keep no typed login', async () => {
    const { db, config } = t.portal.platform;
    const replicas = [signInLimits({ db, config }), signInLimits({ db, config })];
    for (let i = 0; i < 10; i++) await replicas[i % 2].consume(`10.6.0.${i}`, 'replica@acme.test');
    await assert.rejects(replicas[0].consume('10.6.1.1', 'REPLICA@acme.test'), (e: unknown) => e instanceof DomainError && e.code === 'rate_limited');
    await assert.rejects(replicas[1].consume('10.6.1.2', 'replica@acme.test'), (e: unknown) => e instanceof DomainError && e.code === 'rate_limited');
    const keys = (await db.drizzle.select({ key: signInAttempts.key }).from(signInAttempts)).map((r) => r.key);
    assert.ok(
      keys.some((k) => k.startsWith('signin:account:')),
      keys.join(','),
    );
    assert.ok(
      keys.some((k) => k === 'signin:address:203.0.113.50'),
      keys.join(','),
    );
    assert.ok(!keys.some((k) => k.includes('@')), `a login was stored in clear: ${keys.join(',')}`);
  });

  it('the sweep deletes counters expired over an hour ago and keeps the others', async () => {
    const { db, config } = t.portal.platform;
    const hour = 60 * 60 * 1000;
    await db.drizzle.insert(signInAttempts).values([
      { key: 'sweep:old', points: 1, expire: new Date(Date.now() - 2 * hour) },
      { key: 'sweep:recent', points: 1, expire: new Date(Date.now() - hour / 2) },
      { key: 'sweep:live', points: 1, expire: new Date(Date.now() + hour) },
    ]);
    await signInLimits({ db, config }).sweep();
    const left = (await db.drizzle.select({ key: signInAttempts.key }).from(signInAttempts))
      .map((r) => r.key)
      .filter((k) => k.startsWith('sweep:'))
      .sort();
    assert.deepEqual(left, ['sweep:live', 'sweep:recent']);
  });
});
