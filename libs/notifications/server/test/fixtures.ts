import { notificationsRoutes } from '@intranet/notifications-contract';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

/**
 * The notifications domain's part of the route-generic checks' fixture registry (routes-access, routes-tenant,
 * routes-fuzz): one object per entity, made through the real routes, and which route params name which entity.
 */
export default {
  entities: ['notificationsItem'],
  idBySubject: { 'notifications.items.': 'notificationsItem' },
  bodies: { 'notifications.items.create': { body: (w) => ({ name: `Item of ${w.workspace}` }) } },
  async create(t, w) {
    const made = await t.call(notificationsRoutes.create, { token: w.adminToken, body: { name: `Item of ${w.workspace}` } });
    if (made.status !== 200) throw new Error(`fixture notificationsItem: ${made.status} ${JSON.stringify(made.body)}`);
    return { notificationsItem: made.body.result._id };
  },
  async readBack(t, w) {
    const r = await t.call(notificationsRoutes.list, { token: w.adminToken });
    return { status: r.status, body: r.body };
  },
} satisfies DomainFixtures;
