import { shopRoutes } from '@intranet/shop-contract';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

const item = (ws: string) => ({ name: `Item of ${ws}`, description: `Shop item of ${ws}`, cost: 0, start_amount: 1000, pics: [] });

/**
 * The shop domain's part of the route-generic checks' fixture registry (routes-access, routes-tenant, routes-fuzz):
 * an item, an achievement and an accrual per client, made through the real routes, and which params name them.
 */
export default {
  entities: ['shopItem', 'achievement', 'accrual'],
  params: { amount: { literal: '1' } },
  idBySubject: { 'shop.item.': 'shopItem', 'shop.achievement.': 'achievement', 'shop.accrual.': 'accrual', 'shop.balance.get': 'user' },
  bodies: {
    'shop.settings.update': { body: (w) => ({ name: 'Shop!', icon: 'EUR', managers: [w.ids.user] }), ids: { managers: 'user' } },
    'shop.achievement.create': { body: (w) => ({ name: `Achievement of ${w.workspace}` }) },
    'shop.achievement.update': { body: (w) => ({ _id: w.ids.achievement, name: 'Changed' }), ids: { _id: 'achievement' } },
    'shop.item.create': { body: (w) => item(w.workspace) },
    'shop.item.update': { body: (w) => ({ _id: w.ids.shopItem, name: 'Changed' }), ids: { _id: 'shopItem' } },
    'shop.accrual.create': {
      body: (w) => ({ recipient: w.employee.id, achievement: w.ids.achievement, amount: 1, comment: '' }),
      ids: { recipient: 'user', achievement: 'achievement' },
    },
    'shop.purchase.create': { body: (w) => ({ item: w.ids.shopItem }), ids: { item: 'shopItem' } },
    'shop.stats.get': { body: () => ({}) },
    'shop.stats.excel': { body: () => ({}) },
  },
  async create(t, w) {
    const made = await t.call(shopRoutes.itemCreate, { token: w.adminToken, params: { client_id: w.ids.client }, body: item(w.workspace) });
    if (made.status !== 200) throw new Error(`fixture shopItem: ${made.status} ${JSON.stringify(made.body)}`);
    const ach = await t.call(shopRoutes.achievementCreate, {
      token: w.adminToken,
      params: { client: w.ids.client },
      body: { name: `Achievement of ${w.workspace}` },
    });
    if (ach.status !== 200) throw new Error(`fixture achievement: ${ach.status} ${JSON.stringify(ach.body)}`);
    const acc = await t.call(shopRoutes.accrualCreate, {
      token: w.adminToken,
      body: { recipient: w.employee.id, achievement: ach.body.result._id, amount: 5, comment: `Accrual of ${w.workspace}` },
    });
    if (acc.status !== 200) throw new Error(`fixture accrual: ${acc.status} ${JSON.stringify(acc.body)}`);
    return { shopItem: made.body.result._id, achievement: ach.body.result._id, accrual: acc.body.result._id };
  },
  async readBack(t, w) {
    const r = await t.call(shopRoutes.itemList, { token: w.adminToken, params: { client_id: w.ids.client } });
    return { status: r.status, body: r.body };
  },
  secrets: (w) => [`Shop item of ${w.workspace}`, `Accrual of ${w.workspace}`],
} satisfies DomainFixtures;
