import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { socialRoutes } from '@intranet/social-contract';
import { shopRoutes } from '@intranet/shop-contract';
import { eventually } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

type Person = { user: { _id: string }; token: string };
type Note = { type: string; section: string; object: { id: string } | null };

/**
 * The shop's notifications (issue 32: section shop, accrual received, purchase made for the managers), each event
 * notifying each person once: a published accrual is not told again as a mention of its wall post.
 */
describe('shop notifications (section shop, once each)', () => {
  let t: TestPortal;
  let a: Awaited<ReturnType<TestPortal['makeClient']>>;
  let ann: Person;
  let bob: Person;
  let cat: Person;
  let achId: string;
  const cid = () => a.client._id;

  beforeAll(async () => {
    t = await sharedPortal();
    a = await t.makeClient('shopnote');
    ann = await t.makeEmployee(a.adminToken, 'ann@shopnote.test');
    bob = await t.makeEmployee(a.adminToken, 'bob@shopnote.test');
    cat = await t.makeEmployee(a.adminToken, 'cat@shopnote.test');
    const ach = await t.call(shopRoutes.achievementCreate, { token: a.adminToken, params: { client: cid() }, body: { name: 'Helper', description: 'Helped' } });
    assert.equal(ach.status, 200, JSON.stringify(ach.body));
    achId = ach.body.result._id;
    const put = await t.call(shopRoutes.settingsUpdate, { token: a.adminToken, body: { name: 'Store', managers: [bob.user._id, a.admin._id] } });
    assert.equal(put.status, 200, JSON.stringify(put.body));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every notification of `u` (all sections), newest first. */
  const feed = async (u: Person): Promise<Note[]> => {
    const r = await t.call(notificationsRoutes.notificationFeed, {
      token: u.token,
      params: { client: cid(), section: 'all', user: u.user._id, time: 'now' },
      query: { limit: '100' },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.result.items;
  };
  const about = (notes: Note[], id: string) => notes.filter((n) => n.object?.id === id).map((n) => `${n.section}/${n.type}`);

  it('a published accrual notifies its recipient once (shop), not again as a mention of its wall post', async () => {
    const r = await t.call(shopRoutes.accrualCreate, {
      token: bob.token,
      body: { recipient: ann.user._id, achievement: achId, amount: 7, comment: 'Great release', publish: true },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const id = r.body.result._id;
    // The wall post (its id is the accrual's) and the shop's notification.
    await eventually(async () => (await t.call(socialRoutes.postGet, { token: ann.token, params: { id } })).status === 200, 90_000);
    await eventually(async () => about(await feed(ann), id).includes('shop/shop.accrued'), 90_000);
    // A later post mentioning ann goes through the same consumer after the wall post: once it has notified, the
    // wall post's turn has passed.
    const marker = await t.call(socialRoutes.postCreate, { token: cat.token, body: { message: 'See the release notes', mentions: [ann.user._id] } });
    assert.equal(marker.status, 200, JSON.stringify(marker.body));
    await eventually(async () => about(await feed(ann), marker.body.result._id).length > 0, 90_000);
    assert.deepEqual(about(await feed(ann), id), ['shop/shop.accrued']);
    assert.deepEqual(about(await feed(ann), marker.body.result._id), ['posts/mention']);
  });

  it('a purchase notifies each manager once (an admin who is a manager too), the buyer not', async () => {
    const give = await t.call(shopRoutes.accrualCreate, {
      token: bob.token,
      body: { recipient: cat.user._id, achievement: achId, amount: 5, comment: 'Thanks' },
    });
    assert.equal(give.status, 200, JSON.stringify(give.body));
    const item = await t.call(shopRoutes.itemCreate, { token: a.adminToken, params: { client_id: cid() }, body: { name: 'Pen', cost: 1 } });
    assert.equal(item.status, 200, JSON.stringify(item.body));
    const buy = await t.call(shopRoutes.purchaseCreate, { token: cat.token, body: { item: item.body.result._id } });
    assert.equal(buy.status, 200, JSON.stringify(buy.body));
    const id = buy.body.result.entry._id;
    const admin = { user: a.admin, token: a.adminToken };
    await eventually(async () => about(await feed(bob), id).length > 0 && about(await feed(admin), id).length > 0, 90_000);
    assert.deepEqual(about(await feed(bob), id), ['shop/shop.purchased']);
    assert.deepEqual(about(await feed(admin), id), ['shop/shop.purchased']);
    assert.deepEqual(about(await feed(cat), id), []);
    assert.deepEqual(about(await feed(cat), give.body.result._id), ['shop/shop.accrued']);
  });
});
