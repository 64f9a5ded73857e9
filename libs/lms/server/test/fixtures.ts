import { lmsRoutes } from '@intranet/lms-contract';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

/**
 * The lms domain's part of the route-generic checks' fixture registry (routes-access, routes-tenant,
 * routes-fuzz): one object per entity, made through the real routes, and which route params name which entity.
 */
export default {
  entities: ['lmsItem'],
  idBySubject: { 'lms.item.': 'lmsItem' },
  bodies: { 'lms.item.create': { body: (w) => ({ name: `Item of ${w.workspace}` }) } },
  async create(t, w) {
    const made = await t.call(lmsRoutes.itemCreate, { token: w.adminToken, body: { name: `Item of ${w.workspace}` } });
    if (made.status !== 200) throw new Error(`fixture lmsItem: ${made.status} ${JSON.stringify(made.body)}`);
    return { lmsItem: made.body.result._id };
  },
  async readBack(t, w) {
    const r = await t.call(lmsRoutes.itemList, { token: w.adminToken });
    return { status: r.status, body: r.body };
  },
} satisfies DomainFixtures;
