import { chatRoutes } from '@intranet/chat-contract';
import type { DomainFixtures } from '@intranet/portal-testing/fixtures';

/**
 * The chat domain's part of the route-generic checks' fixture registry (routes-access, routes-tenant,
 * routes-fuzz): one object per entity, made through the real routes, and which route params name which entity.
 */
export default {
  entities: ['chatItem'],
  idBySubject: { 'chat.items.': 'chatItem' },
  bodies: { 'chat.items.create': { body: (w) => ({ name: `Item of ${w.workspace}` }) } },
  async create(t, w) {
    const made = await t.call(chatRoutes.create, { token: w.adminToken, body: { name: `Item of ${w.workspace}` } });
    if (made.status !== 200) throw new Error(`fixture chatItem: ${made.status} ${JSON.stringify(made.body)}`);
    return { chatItem: made.body.result._id };
  },
  async readBack(t, w) {
    const r = await t.call(chatRoutes.list, { token: w.adminToken });
    return { status: r.status, body: r.body };
  },
} satisfies DomainFixtures;
