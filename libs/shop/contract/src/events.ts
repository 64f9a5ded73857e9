import { defineEvent, z, type EventPayload } from '@intranet/platform-contracts';
import { achievement, shopItem } from './schemas.ts';

/**
 * Events of the shop domain (DESIGN §6); consumers import these definitions. `userIds`: whose sockets get it.
 * Analytics reads coin movements from `accrued`, `purchased`, `cancelled` and `nullified` (amounts and days).
 */
export const shopEvents = {
  /** Coins accrued (by hand or automatically): notifications tells the recipient; `publish` asks social for a wall post. */
  accrued: defineEvent(
    'evt.shop.accrual.made',
    z.object({
      _id: z.string(),
      userId: z.string(),
      amount: z.number(),
      balance: z.number(),
      kind: z.enum(['accrual', 'auto']),
      cause: z.string().nullable(),
      achievement: achievement.pick({ _id: true, name: true }).nullable(),
      comment: z.string(),
      publish: z.boolean(),
      by: z.string().nullable(),
      userIds: z.array(z.string()),
    }),
    'Coins were accrued to an employee',
  ),
  cancelled: defineEvent(
    'evt.shop.accrual.cancelled',
    z.object({ _id: z.string(), accrualId: z.string(), userId: z.string(), amount: z.number(), balance: z.number(), userIds: z.array(z.string()) }),
    'An accrual was cancelled (a reversing entry)',
  ),
  /** An item was bought: the buyer's sockets (balance) and the managers (notification "purchase made"). */
  purchased: defineEvent(
    'evt.shop.item.bought',
    z.object({
      _id: z.string(),
      userId: z.string(),
      item: z.object({ _id: z.string(), name: z.string() }),
      cost: z.number(),
      balance: z.number(),
      rest: z.number().nullable(),
      managerIds: z.array(z.string()),
      userIds: z.array(z.string()),
    }),
    'An employee bought an item',
  ),
  itemChanged: defineEvent(
    'evt.shop.item.changed',
    z.object({ item: shopItem.nullable(), _id: z.string(), action: z.enum(['created', 'updated', 'deleted', 'stocked']) }),
    'An item was created, edited, stocked or deleted',
  ),
  nullified: defineEvent(
    'evt.shop.balance.nullified',
    z.object({ count: z.number(), coins: z.number(), by: z.string().nullable() }),
    'Every balance of the client was zeroed',
  ),
  settingsChanged: defineEvent('evt.shop.settings.changed', z.object({ by: z.string().nullable() }), 'The shop settings changed'),
};
export type ShopAccruedEvent = EventPayload<typeof shopEvents.accrued>;
export type ShopPurchasedEvent = EventPayload<typeof shopEvents.purchased>;
