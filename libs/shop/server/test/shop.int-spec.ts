// @slow 120s: a buy race, 1,000 random ledger operations and automatic accruals through the real bus.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import sharp from 'sharp';
import { notificationsRoutes } from '@intranet/notifications-contract';
import { socialRoutes } from '@intranet/social-contract';
import { SHOP_ERRORS, shopRoutes } from '@intranet/shop-contract';
import type { AutoService } from '@intranet/shop-server';
import type { UserEventData } from '@intranet/people-contract';
import { eventually } from '@intranet/platform-testing';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';

/**
 * The portal's AutoService instance, found by class name in Nest's container (the portal loads the domain's module
 * through discovery, so the class this file imports is another copy of it): the event handlers called directly
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

/** Uploads a PNG of `width`x`height` as `token` (POST api/upload?kind=file, multipart). Output: its storage key. */
async function uploadPng(t: TestPortal, token: string, width: number, height: number): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#f5a04c' } })
    .png()
    .toBuffer();
  const boundary = `----shop${Date.now().toString(16)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pic.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.portal.app
    .getHttpAdapter()
    .getInstance()
    .inject({
      method: 'POST',
      url: '/api/upload?kind=file',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().results[0].key;
}

/** The shop (§7 Shop, §4, §5, §6) through the real gateway and bus (PostgreSQL + NATS when set, else PGlite). */
describe('shop (§7 Shop)', () => {
  let t: TestPortal;
  let a: Awaited<ReturnType<TestPortal['makeClient']>>;
  let b: Awaited<ReturnType<TestPortal['makeClient']>>;
  let ann: { user: { _id: string }; token: string };
  let bob: { user: { _id: string }; token: string };
  let achId: string;
  const cid = () => a.client._id;

  beforeAll(async () => {
    t = await sharedPortal();
    a = await t.makeClient('shopa');
    b = await t.makeClient('shopb');
    ann = await t.makeEmployee(a.adminToken, 'ann@shopa.test');
    bob = await t.makeEmployee(a.adminToken, 'bob@shopa.test');
    const ach = await t.call(shopRoutes.achievementCreate, { token: a.adminToken, params: { client: cid() }, body: { name: 'Helper', description: 'Helped' } });
    assert.equal(ach.status, 200, JSON.stringify(ach.body));
    achId = ach.body.result._id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const accrue = (to: string, amount: number, token = a.adminToken) =>
    t.call(shopRoutes.accrualCreate, { token, body: { recipient: to, achievement: achId, amount, comment: 'Well done' } });
  const balance = async (u: { user: { _id: string }; token: string }) =>
    (await t.call(shopRoutes.balanceGet, { token: u.token, params: { id: u.user._id }, query: { limit: '100' } })).body.result;
  const newItem = async (body: Record<string, unknown>) => {
    const r = await t.call(shopRoutes.itemCreate, { token: a.adminToken, params: { client_id: cid() }, body });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.result;
  };

  it("settings default to 'Shop!'; an admin names the shop and coin, picks managers; §6 abilities", async () => {
    const s = await t.call(shopRoutes.settingsGet, { token: ann.token, params: { client: cid() } });
    assert.equal(s.status, 200);
    assert.deepEqual([s.body.result.name, s.body.result.canManage, s.body.result.canBuy], ['Shop!', false, true]);
    const put = await t.call(shopRoutes.settingsUpdate, {
      token: a.adminToken,
      body: {
        name: 'Store',
        coin_name: 'Coin',
        coin_short: 'C',
        icon: 'EUR',
        managers: [bob.user._id],
        auto: { poll: { on: true, amount: 3 }, thanks: { on: true, amount: 2 } },
      },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const asBob = await t.call(shopRoutes.settingsGet, { token: bob.token, params: { client: cid() } });
    assert.deepEqual([asBob.body.result.name, asBob.body.result.icon, asBob.body.result.canManage], ['Store', 'EUR', true]);
    const su = await t.call(shopRoutes.settingsGet, { token: a.superToken, params: { client: cid() }, workspace: 'shopa' });
    assert.equal(su.status === 200 ? su.body.result.canBuy : false, false);
    const emp = await t.call(shopRoutes.settingsUpdate, { token: ann.token, body: { name: 'Mine' } });
    assert.equal(emp.status, 403);
    const foreignManager = await t.call(shopRoutes.settingsUpdate, { token: a.adminToken, body: { name: 'Store', managers: [b.admin._id] } });
    assert.equal(foreignManager.status, 400);
    assert.equal(foreignManager.body.errors[0].field, 'managers.0');
  });

  it('§5 texts and codes: cost, rest, coins, recipient and achievement', async () => {
    const cost = await t.call(shopRoutes.itemCreate, { token: a.adminToken, params: { client_id: cid() }, body: { name: 'Mug', cost: -1 } });
    assert.equal(cost.status, 400);
    assert.deepEqual([cost.body.errors[0].field, cost.body.errors[0].code], ['cost', 'shopCostInvalid']);
    const rest = await t.call(shopRoutes.itemCreate, { token: a.adminToken, params: { client_id: cid() }, body: { name: 'Mug', cost: 1, start_amount: 1.5 } });
    assert.equal(rest.status, 400);
    assert.equal(rest.body.errors[0].code, 'shopRestInvalid');
    const empty = await t.call(shopRoutes.accrualCreate, { token: a.adminToken, body: { amount: 0 } });
    assert.equal(empty.status, 400);
    const codes = Object.fromEntries(empty.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]));
    assert.deepEqual(codes, { recipient: 'shopRecipientRequired', achievement: 'shopAchievementRequired', amount: 'shopCoinsRange' });
    assert.equal(empty.body.errors.find((e: { field: string }) => e.field === 'recipient').message, SHOP_ERRORS.shopRecipientRequired.text);
  });

  it('a manager accrues; an employee may not; the balance and its history; cancelling spent coins is refused and changes nothing', async () => {
    assert.equal((await accrue(ann.user._id, 10, ann.token)).status, 403);
    const made = await accrue(ann.user._id, 10, bob.token);
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const mine = await balance(ann);
    assert.equal(mine.amount, 10);
    assert.deepEqual(mine.ach, [{ _id: achId, name: 'Helper', count: 1 }]);
    assert.equal((await t.call(shopRoutes.balanceGet, { token: ann.token, params: { id: bob.user._id } })).status, 403);
    const mug = await newItem({ name: 'Mug', cost: 8, start_amount: 5 });
    const buy = await t.call(shopRoutes.purchaseCreate, { token: ann.token, body: { item: mug._id } });
    assert.equal(buy.status, 200, JSON.stringify(buy.body));
    assert.deepEqual([buy.body.result.balance, buy.body.result.rest], [2, 4]);
    const cancel = await t.call(shopRoutes.accrualCancel, { token: a.adminToken, params: { id: made.body.result._id } });
    assert.equal(cancel.status, 409);
    assert.equal(cancel.body.code, 'shopCoinsSpent');
    assert.equal((await balance(ann)).amount, 2);
    const del = await t.call(shopRoutes.itemDelete, { token: a.adminToken, params: { id: mug._id } });
    assert.equal(del.status, 409);
    assert.equal(del.body.code, 'shopItemHasSales');
    const poor = await t.call(shopRoutes.purchaseCreate, { token: ann.token, body: { item: mug._id } });
    assert.equal(poor.status, 409);
    assert.deepEqual([poor.body.code, poor.body.message], ['shopNotEnoughCoins', 'Not enough coins']);
    assert.equal((await t.call(shopRoutes.itemRest, { token: ann.token, params: { id: mug._id } })).body.result.rest, 4);
    const second = await accrue(ann.user._id, 4);
    const undo = await t.call(shopRoutes.accrualCancel, { token: a.adminToken, params: { id: second.body.result._id } });
    assert.equal(undo.status, 200, JSON.stringify(undo.body));
    assert.equal((await balance(ann)).amount, 2);
    assert.equal((await t.call(shopRoutes.accrualCancel, { token: a.adminToken, params: { id: second.body.result._id } })).body.code, 'shopAccrualCancelled');
  });

  it('a superadmin cannot buy', async () => {
    const free = await newItem({ name: 'Sticker', cost: 0 });
    const r = await t.call(shopRoutes.purchaseCreate, { token: a.superToken, body: { item: free._id }, workspace: 'shopa' });
    assert.equal(r.status, 403);
    assert.equal(r.body.code, 'shopSuperadminCannotBuy');
  });

  it('the buy race: 12 parallel buys of an item with stock 3 sell exactly 3; 10 parallel buys over the balance sell exactly what it pays', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, (_, i) => t.makeEmployee(a.adminToken, `racer${i}@shopa.test`)));
    for (const u of users) assert.equal((await accrue(u.user._id, 100)).status, 200);
    const last = await newItem({ name: 'Last one', cost: 10, start_amount: 3 });
    const answers = await Promise.all([...users, ...users].map((u) => t.call(shopRoutes.purchaseCreate, { token: u.token, body: { item: last._id } })));
    const statuses = answers.map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 200, 200, ...Array(9).fill(409)]);
    assert.ok(answers.filter((r) => r.status === 409).every((r) => r.body.code === 'shopOutOfStock'));
    assert.deepEqual((await t.call(shopRoutes.itemRest, { token: a.adminToken, params: { id: last._id } })).body.result, { _id: last._id, rest: 0, sold: 3 });
    const rich = users[0]!;
    const open = await newItem({ name: 'Unlimited', cost: 30 });
    const left = (await balance(rich)).amount;
    const burst = await Promise.all(Array.from({ length: 10 }, () => t.call(shopRoutes.purchaseCreate, { token: rich.token, body: { item: open._id } })));
    assert.equal(burst.filter((r) => r.status === 200).length, Math.floor(left / 30));
    assert.ok(burst.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.body.code === 'shopNotEnoughCoins'));
    assert.equal((await balance(rich)).amount, left % 30);
  });

  it('an unlimited item counts every parallel sale; with sales it cannot be deleted; made limited, its rest starts from what was sold', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, (_, i) => t.makeEmployee(a.adminToken, `counter${i}@shopa.test`)));
    for (const u of users) assert.equal((await accrue(u.user._id, 50)).status, 200);
    const open = await newItem({ name: 'Pin', cost: 5 });
    // 20 buys at once, 4 per buyer: the slot counter must add up to exactly the sales.
    const answers = await Promise.all(
      [...users, ...users, ...users, ...users].map((u) => t.call(shopRoutes.purchaseCreate, { token: u.token, body: { item: open._id } })),
    );
    assert.deepEqual(
      answers.map((r) => r.status),
      Array(20).fill(200),
    );
    assert.equal(answers[0]!.body.result.rest, null);
    const rest = (await t.call(shopRoutes.itemRest, { token: a.adminToken, params: { id: open._id } })).body.result;
    assert.deepEqual(rest, { _id: open._id, rest: null, sold: 20 });
    const listed = (await t.call(shopRoutes.itemList, { token: a.adminToken, params: { client_id: cid() }, query: {} })).body.result;
    assert.equal(listed.find((i: { _id: string }) => i._id === open._id).sold, 20);
    const del = await t.call(shopRoutes.itemDelete, { token: a.adminToken, params: { id: open._id } });
    assert.equal(del.status, 409);
    assert.equal(del.body.code, 'shopItemHasSales');
    // Made limited with 25 in all: 5 left after the 20 sold; the next buys take the row's rest.
    const upd = await t.call(shopRoutes.itemUpdate, { token: a.adminToken, params: { client_id: cid() }, body: { _id: open._id, start_amount: 25 } });
    assert.equal(upd.status, 200, JSON.stringify(upd.body));
    assert.equal(upd.body.result.rest, 5);
    assert.equal(upd.body.result.sold, 20);
    const more = await Promise.all(users.concat(users[0]!).map((u) => t.call(shopRoutes.purchaseCreate, { token: u.token, body: { item: open._id } })));
    assert.deepEqual(more.map((r) => r.status).sort(), [200, 200, 200, 200, 200, 409]);
    assert.deepEqual((await t.call(shopRoutes.itemRest, { token: a.adminToken, params: { id: open._id } })).body.result, { _id: open._id, rest: 0, sold: 25 });
  });

  it('the ledger sum equals the balance after 1,000 random operations run 20 at a time over 4 employees; no balance below 0', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, (_, i) => t.makeEmployee(a.adminToken, `ledger${i}@shopa.test`)));
    const cheap = await newItem({ name: 'Cheap', cost: 3 });
    const accruals: string[] = [];
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const ops = Array.from({ length: 1000 }, () => ({ op: rnd(), who: users[Math.floor(rnd() * users.length)]!, n: 1 + Math.floor(rnd() * 9), pick: rnd() }));
    const one = async ({ op, who, n, pick }: (typeof ops)[number]) => {
      if (op < 0.45 || !accruals.length) {
        const r = await accrue(who.user._id, n);
        assert.equal(r.status, 200, JSON.stringify(r.body));
        accruals.push(r.body.result._id);
      } else if (op < 0.85) {
        const r = await t.call(shopRoutes.purchaseCreate, { token: who.token, body: { item: cheap._id } });
        assert.ok(r.status === 200 || r.body.code === 'shopNotEnoughCoins', JSON.stringify(r.body));
      } else {
        const id = accruals.splice(Math.floor(pick * accruals.length), 1)[0]!;
        const r = await t.call(shopRoutes.accrualCancel, { token: a.adminToken, params: { id } });
        assert.ok(r.status === 200 || r.body.code === 'shopCoinsSpent', JSON.stringify(r.body));
      }
    };
    // 20 workers take the next operation as soon as theirs answers: purchases, accruals and cancels overlap.
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < ops.length) await one(ops[next++]!);
      }),
    );
    for (const u of users) {
      const all = [];
      for (let page = 1; ; page++) {
        const p = (await t.call(shopRoutes.balanceGet, { token: u.token, params: { id: u.user._id }, query: { page: String(page), limit: '100' } })).body
          .result;
        all.push(...p.history);
        if (all.length >= p.total || !p.history.length) break;
      }
      const sum = all.reduce((s: number, e: { amount: number }) => s + e.amount, 0);
      const b1 = await balance(u);
      assert.equal(sum, b1.amount);
      assert.ok(b1.amount >= 0);
    }
    const list = await t.call(shopRoutes.balanceList, { token: a.adminToken, params: { client: cid() }, query: { limit: '500' } });
    assert.ok(list.body.result.balances.every((x: { amount: number }) => x.amount >= 0));
  });

  it('automatic accruals fire once per cause: a thank-you post, a poll answered twice over two "replicas"', async () => {
    const eve = await t.makeEmployee(a.adminToken, 'eve@shopa.test');
    const post = await t.call(socialRoutes.postCreate, {
      token: ann.token,
      body: { type: 'thanks', message: 'Thank you so much for all the help with the release this week!', mentions: [eve.user._id] },
    });
    assert.equal(post.status, 200, JSON.stringify(post.body));
    await eventually(async () => (await balance(eve)).amount === 2);
    const auto = autoService(t);
    const evt = {
      id: 'e1',
      subject: 'evt.polls.poll.answered',
      clientId: cid(),
      at: new Date().toISOString(),
      data: { pollId: '00000000-0000-4000-8000-000000000001', userId: eve.user._id },
    };
    await Promise.all([auto.onPollAnswered(evt), auto.onPollAnswered(evt), auto.onPollAnswered({ ...evt, id: 'e2' })]);
    const after = await balance(eve);
    assert.equal(after.amount, 5);
    assert.deepEqual(after.history.map((e: { cause: string }) => e.cause.split(':')[0]).sort(), ['poll', 'thanks']);
  });

  it('statistics, balances, Excel and nullify (manager / admin); another client sees none of it', async () => {
    const stats = await t.call(shopRoutes.statsGet, { token: bob.token, body: {} });
    assert.equal(stats.status, 200, JSON.stringify(stats.body));
    assert.ok(stats.body.result.purchases >= 4 && stats.body.result.topItems.some((i: { name: string }) => i.name === 'Last one'));
    assert.equal((await t.call(shopRoutes.statsGet, { token: ann.token, body: {} })).status, 403);
    const xl = await t.call(shopRoutes.statsExcel, { token: a.adminToken, body: {} });
    assert.equal(xl.status, 200);
    assert.equal(Buffer.from(xl.body.result.base64, 'base64').subarray(0, 2).toString(), 'PK');
    const list = await t.call(shopRoutes.balanceList, { token: bob.token, params: { client: cid() } });
    assert.equal(list.status, 200);
    assert.ok(list.body.result.total >= 8);
    // Isolation: B's admin sees nothing of A's shop by any id.
    assert.equal((await t.call(shopRoutes.balanceList, { token: b.adminToken, params: { client: cid() } })).status, 404);
    assert.equal((await t.call(shopRoutes.itemList, { token: b.adminToken, params: { client_id: cid() } })).status, 404);
    assert.deepEqual((await t.call(shopRoutes.itemList, { token: b.adminToken, params: { client_id: b.client._id } })).body.result, []);
    assert.equal((await t.call(shopRoutes.balanceGet, { token: b.adminToken, params: { id: ann.user._id } })).status, 404);
    const foreignBuy = await t.call(shopRoutes.purchaseCreate, { token: b.adminToken, body: { item: (await newItem({ name: 'Mine', cost: 0 }))._id } });
    assert.equal(foreignBuy.status, 400);
    assert.equal((await t.call(shopRoutes.balanceNullify, { token: bob.token, params: { client: cid() } })).status, 403);
    const zero = await t.call(shopRoutes.balanceNullify, { token: a.adminToken, params: { client: cid() } });
    assert.equal(zero.status, 200);
    assert.ok(zero.body.result.nullified >= 1);
    const afterList = await t.call(shopRoutes.balanceList, { token: a.adminToken, params: { client: cid() } });
    assert.ok(afterList.body.result.balances.every((x: { amount: number }) => x.amount === 0));
    assert.equal((await balance(ann)).history[0].kind, 'nullify');
  });

  it('§9 item pictures are 200x360: another size is refused with the text and nothing is stored; the URL is signed', async () => {
    const before = (await t.call(shopRoutes.itemList, { token: a.adminToken, params: { client_id: cid() } })).body.result.length;
    const wrong = await uploadPng(t, a.adminToken, 100, 100);
    const bad = await t.call(shopRoutes.itemCreate, { token: a.adminToken, params: { client_id: cid() }, body: { name: 'Poster', cost: 5, pics: [wrong] } });
    assert.equal(bad.status, 400);
    assert.deepEqual(
      [bad.body.errors[0].field, bad.body.errors[0].code, bad.body.errors[0].message],
      ['pics', 'shopPictureSize', 'The picture must be 200x360'],
    );
    const foreign = await t.call(shopRoutes.itemCreate, {
      token: b.adminToken,
      params: { client_id: b.client._id },
      body: { name: 'Stolen', cost: 5, pics: [await uploadPng(t, a.adminToken, 200, 360)] },
    });
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.errors[0].field, 'pics');
    assert.equal((await t.call(shopRoutes.itemList, { token: a.adminToken, params: { client_id: cid() } })).body.result.length, before);
    const right = await uploadPng(t, a.adminToken, 200, 360);
    const ok = await t.call(shopRoutes.itemCreate, { token: a.adminToken, params: { client_id: cid() }, body: { name: 'Poster', cost: 5, pics: [right] } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.deepEqual(ok.body.result.pics, [right]);
    assert.match(ok.body.result.pic_urls[0], /sig=/);
    const edit = await t.call(shopRoutes.itemUpdate, {
      token: a.adminToken,
      params: { client_id: cid() },
      body: { _id: ok.body.result._id, pics: [right, wrong] },
    });
    assert.equal(edit.status, 400);
    assert.equal(edit.body.errors[0].code, 'shopPictureSize');
    const shopPic = await t.call(shopRoutes.settingsUpdate, { token: a.adminToken, body: { name: 'Store', managers: [bob.user._id], pic: wrong } });
    assert.equal(shopPic.status, 400);
    assert.equal(shopPic.body.errors[0].code, 'shopPictureSize');
  });

  it('an accrual marked "publish" becomes a system post on the wall once; the recipient and the managers are notified (section shop)', async () => {
    const r = await t.call(shopRoutes.accrualCreate, {
      token: bob.token,
      body: { recipient: ann.user._id, achievement: achId, amount: 7, comment: 'Great release', publish: true },
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const id = r.body.result._id;
    const post = await eventually(async () => {
      const p = await t.call(socialRoutes.postGet, { token: ann.token, params: { id } });
      return p.status === 200 ? p.body.result : null;
    }, 90_000);
    assert.equal(post.parent.type, 'system');
    assert.deepEqual(post.mentions, [ann.user._id]);
    assert.match(post.message, /received 7 coins for “Helper”/);
    assert.match(post.message, /Great release/);
    const feed = async (u: { user: { _id: string }; token: string }) =>
      (
        await t.call(notificationsRoutes.notificationFeed, {
          token: u.token,
          params: { client: cid(), section: 'shop', user: u.user._id, time: 'now' },
          query: { limit: '100' },
        })
      ).body.result.items as { type: string; object: { id: string } | null }[];
    // The consumers first work through the earlier tests' events (about a thousand ledger movements): a longer wait.
    await eventually(async () => (await feed(ann)).some((n) => n.type === 'shop.accrued' && n.object?.id === id), 90_000);
    // Not published: no post. A purchase tells the manager (bob), not the buyer.
    const quiet = await accrue(ann.user._id, 3);
    const mug = await newItem({ name: 'Pen', cost: 1 });
    const buy = await t.call(shopRoutes.purchaseCreate, { token: ann.token, body: { item: mug._id } });
    assert.equal(buy.status, 200, JSON.stringify(buy.body));
    await eventually(async () => (await feed(bob)).some((n) => n.type === 'shop.purchased' && n.object?.id === buy.body.result.entry._id), 90_000);
    assert.ok(!(await feed(ann)).some((n) => n.type === 'shop.purchased'));
    assert.equal((await t.call(socialRoutes.postGet, { token: ann.token, params: { id: quiet.body.result._id } })).status, 404);
    const posts = await t.call(socialRoutes.postClient, { token: ann.token, params: { id: cid() }, query: { limit: '100' } });
    assert.equal(posts.body.result.posts.filter((p: { _id: string }) => p._id === id).length, 1);
  });

  it("birthdays accrue on the client's local day (settings time zone), exactly once", async () => {
    const put = await t.call(shopRoutes.settingsUpdate, {
      token: a.adminToken,
      body: { name: 'Store', managers: [bob.user._id], auto: { birthday: { on: true, amount: 4 } }, time_zone: 'Pacific/Kiritimati' },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.equal(put.body.result.time_zone, 'Pacific/Kiritimati');
    const badZone = await t.call(shopRoutes.settingsUpdate, { token: a.adminToken, body: { name: 'Store', time_zone: 'Mars/Olympus' } });
    assert.equal(badZone.status, 400);
    assert.equal(badZone.body.errors[0].code, 'shopTimeZoneInvalid');
    const kim = await t.makeEmployee(a.adminToken, 'kim@shopa.test');
    const auto = autoService(t);
    const user: Partial<UserEventData> = { _id: kim.user._id, client_id: cid(), birthDate: '1990-06-15', roles: ['employee'] };
    await auto.onUser({ id: 'u1', subject: 'evt.people.user.updated', clientId: cid(), at: new Date().toISOString(), data: user });
    // 12:00 UTC on 14 June is already 15 June in Kiritimati (UTC+14): the birthday is today there.
    const at = new Date('2026-06-14T12:00:00Z');
    const [first, again] = [await auto.tick(at), await auto.tick(new Date('2026-06-14T13:00:00Z'))];
    assert.ok(first >= 1);
    assert.equal(again, 0);
    const hist = (await balance(kim)).history as { cause: string }[];
    assert.deepEqual(
      hist.map((e) => e.cause),
      [`birthday:${kim.user._id}:2026`],
    );
    // 09:00 UTC on 14 June is 23:00 on 14 June there: nobody's birthday.
    assert.equal(await auto.tick(new Date('2026-06-14T09:00:00Z')), 0);
  });
});
