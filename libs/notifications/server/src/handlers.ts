import { notificationsEvents, type notificationsRoutes } from '@intranet/notifications-contract';
import type { RouteHandlers } from '@intranet/platform-bus';
import { Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { itemsRepository } from './repository.ts';

/**
 * Handlers of the notifications routes (one use case per write path). Input is already validated by the contract;
 * each change is one transaction and writes its event to the outbox in it.
 */
export function notificationsHandlers({ db, outbox }: DomainDeps): RouteHandlers<typeof notificationsRoutes> {
  return {
    /** §7 GET api/notifications/items → { items, total } of the caller's client. */
    list: ({ query }, ctx) => db.inTenant(ctx, (tx) => itemsRepository.page(tx, query.page, query.limit)),

    /** §7 POST api/notifications/items { name } → the item; publishes evt.notifications.item.created. */
    create: ({ body }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        if (!ctx.clientId) throw Errors.noAccess();
        const item = await itemsRepository.insert(tx, ctx.clientId, ctx.userId, body.name);
        await outbox.add(tx, notificationsEvents.itemCreated, ctx.clientId, { item });
        return item;
      }),

    /** §7 DELETE api/notifications/items/{id}: its author or an admin. Errors: 404 not found, 403 no access. */
    remove: ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const item = await itemsRepository.find(tx, params.id);
        if (!item) throw Errors.notFound();
        if (item.created_by !== ctx.userId && !ctx.roles.includes('admin')) throw Errors.noAccess();
        await itemsRepository.delete(tx, params.id);
        await outbox.add(tx, notificationsEvents.itemDeleted, ctx.clientId, { _id: params.id });
        return { _id: params.id };
      }),
  };
}
