import { adaptationRoutes } from '@intranet/adaptation-contract';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

/**
 * The adaptation domain's part of the route-generic checks' fixture registry (routes-access, routes-tenant,
 * routes-fuzz): one object per entity, made through the real routes, and which route params name which entity.
 */
export default {
  entities: ['adaptationItem'],
  idBySubject: { 'adaptation.item.': 'adaptationItem' },
  bodies: { 'adaptation.item.create': { body: (w) => ({ name: `Item of ${w.workspace}` }) } },
  async create(t, w) {
    const made = await t.call(adaptationRoutes.itemCreate, { token: w.adminToken, body: { name: `Item of ${w.workspace}` } });
    if (made.status !== 200) throw new Error(`fixture adaptationItem: ${made.status} ${JSON.stringify(made.body)}`);
    return { adaptationItem: made.body.result._id };
  },
  async readBack(t, w) {
    const r = await t.call(adaptationRoutes.itemList, { token: w.adminToken });
    return { status: r.status, body: r.body };
  },
} satisfies DomainFixtures;
