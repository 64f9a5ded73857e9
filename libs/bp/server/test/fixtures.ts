import { bpRoutes } from '@intranet/bp-contract';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

/**
 * The bp domain's part of the route-generic checks' fixture registry (routes-access, routes-tenant,
 * routes-fuzz): one object per entity, made through the real routes, and which route params name which entity.
 */
export default {
  entities: ['bpItem'],
  idBySubject: { 'bp.items.': 'bpItem' },
  bodies: { 'bp.items.create': { body: (w) => ({ name: `Item of ${w.workspace}` }) } },
  async create(t, w) {
    const made = await t.call(bpRoutes.create, { token: w.adminToken, body: { name: `Item of ${w.workspace}` } });
    if (made.status !== 200) throw new Error(`fixture bpItem: ${made.status} ${JSON.stringify(made.body)}`);
    return { bpItem: made.body.result._id };
  },
  async readBack(t, w) {
    const r = await t.call(bpRoutes.list, { token: w.adminToken });
    return { status: r.status, body: r.body };
  },
} satisfies DomainFixtures;
