import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import type { UserEventData } from '@intranet/people-contract';
import { shopRoutes } from '@intranet/shop-contract';
import type { AutoService } from '@intranet/shop-server';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

/**
 * The portal's AutoService instance, found by class name in Nest's container (the portal loads the domain's module
 * through discovery, so the class this file imports is another copy of it): its handlers called directly, at once,
 * stand for a redelivered event and a second replica.
 */
function autoService(t: TestPortal): AutoService {
  const container = (
    t.portal.domains as unknown as {
      container: { getModules(): Map<string, { providers: Map<unknown, { metatype?: { name?: string }; instance: unknown }> }> };
    }
  ).container;
  for (const m of container.getModules().values())
    for (const w of m.providers.values()) if (w.metatype?.name === 'AutoService') return w.instance as AutoService;
  throw new Error('AutoService not found');
}

/**
 * Issue 32: every automatic kind fires once per cause — the profile completed, an idea accepted, a work anniversary
 * and the years-of-service reward — also when its event comes twice and two replicas handle it at once (the
 * thank-you post, the poll answered and the birthday: shop.int-spec.ts).
 */
describe('shop automatic accruals: profile, idea, anniversary, years of service — once per cause', () => {
  let t: TestPortal;
  let a: Awaited<ReturnType<TestPortal['makeClient']>>;
  const cid = () => a.client._id;

  beforeAll(async () => {
    t = await sharedPortal();
    a = await t.makeClient('shopauto');
    const put = await t.call(shopRoutes.settingsUpdate, {
      token: a.adminToken,
      body: {
        name: 'Store',
        auto: { profile: { on: true, amount: 5 }, idea: { on: true, amount: 6 }, anniversary: { on: true, amount: 7 }, years: { on: true, amount: 8 } },
        years_period: 2,
        time_zone: 'UTC',
      },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The ledger of `userId` as its balance route gives it: amount and the causes of its entries. */
  const ledger = async (userId: string) => {
    const r = await t.call(shopRoutes.balanceGet, { token: a.adminToken, params: { id: userId }, query: { limit: '100' } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return { amount: r.body.result.amount as number, causes: (r.body.result.history as { cause: string }[]).map((e) => e.cause).sort() };
  };
  const userEvent = (id: string, data: Partial<UserEventData>) => ({
    id,
    subject: 'evt.people.user.updated',
    clientId: cid(),
    at: new Date().toISOString(),
    data: { client_id: cid(), roles: ['employee'], ...data },
  });

  it('a completed profile accrues once (the event twice and on two replicas); an accepted idea once', async () => {
    const una = (await t.makeEmployee(a.adminToken, 'una@shopauto.test')).user._id;
    const auto = autoService(t);
    const full: Partial<UserEventData> = {
      _id: una,
      avatar: '/a.png',
      position: 'Designer',
      department: 'Design',
      birthDate: '1991-02-03',
      workingSince: '2021-04-05',
    };
    await Promise.all([auto.onUser(userEvent('p1', full)), auto.onUser(userEvent('p1', full)), auto.onUser(userEvent('p2', full))]);
    const idea = {
      id: 'i1',
      subject: 'evt.social.idea.accepted',
      clientId: cid(),
      at: new Date().toISOString(),
      data: { _id: '00000000-0000-4000-8000-0000000000a1', author_id: una },
    };
    await Promise.all([auto.onIdeaAccepted(idea), auto.onIdeaAccepted(idea), auto.onIdeaAccepted({ ...idea, id: 'i2' })]);
    assert.deepEqual(await ledger(una), { amount: 11, causes: [`idea:${idea.data._id}`, `profile:${una}`] });
  });

  it('a work anniversary and the years-of-service reward (every 2 years) accrue once on the day, whichever replica runs it', async () => {
    const hal = (await t.makeEmployee(a.adminToken, 'hal@shopauto.test')).user._id;
    const ivy = (await t.makeEmployee(a.adminToken, 'ivy@shopauto.test')).user._id;
    const auto = autoService(t);
    // Hal was hired six years before 2026 (a multiple of the period: both), Ivy five (the anniversary only).
    await auto.onUser(userEvent('h1', { _id: hal, workingSince: '2020-06-15' }));
    await auto.onUser(userEvent('v1', { _id: ivy, workingSince: '2021-06-15' }));
    const at = new Date('2026-06-15T12:00:00Z');
    await Promise.all([auto.tick(at), auto.tick(at), auto.tick(new Date('2026-06-15T18:00:00Z'))]);
    assert.deepEqual(await ledger(hal), { amount: 15, causes: [`anniversary:${hal}:2026`, `years:${hal}:6`] });
    assert.deepEqual(await ledger(ivy), { amount: 7, causes: [`anniversary:${ivy}:2026`] });
    // The day before: nothing more.
    await auto.tick(new Date('2026-06-14T12:00:00Z'));
    assert.equal((await ledger(hal)).amount, 15);
  });
});
