import {
  AUTO_KINDS,
  autoRules,
  COIN_ICONS,
  DEFAULT_SHOP_NAME,
  type Achievement,
  type AutoRules,
  type LedgerEntry,
  type ShopItem,
} from '@intranet/shop-contract';
import type { EntryView } from './shop.repository.ts';
import type { AchievementRow, EntryRow, ItemRow, SettingsRow } from './schema.ts';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** An item row → §3 item; `sign` turns its picture keys into signed URLs. */
export const toItem = (r: ItemRow, sign: (key: string) => string): ShopItem => ({
  _id: r.id,
  name: r.name,
  description: r.description,
  cost: r.cost,
  start_amount: r.startAmount,
  amount: r.amount,
  rest: r.rest,
  pics: r.pics,
  pic_urls: r.pics.map(sign),
  sold: r.sold,
  created: iso(r.createdAt),
});

/** An achievement row → §3 achievement. */
export const toAchievement = (r: AchievementRow): Achievement => ({ _id: r.id, name: r.name, pic: r.pic, description: r.description });

/** The stored automatic accrual rules with every kind present (absent kinds off). */
export const autoOf = (raw: unknown): AutoRules => autoRules.parse(raw && typeof raw === 'object' ? raw : {});

/** The settings row (or the §9 defaults when the client has none) → §3 shop settings, with the caller's abilities. */
export function toSettings(clientId: string, r: SettingsRow | undefined, can: { canManage: boolean; canBuy: boolean }, sign: (key: string) => string) {
  const icon = (COIN_ICONS as readonly string[]).includes(r?.icon ?? '') ? (r!.icon as (typeof COIN_ICONS)[number]) : 'USD';
  return {
    _id: r?.id ?? clientId,
    client_id: clientId,
    name: r?.name ?? DEFAULT_SHOP_NAME,
    coin_name: r?.coinName ?? '',
    coin_short: r?.coinShort ?? '',
    icon,
    description: r?.description ?? '',
    pic: r?.pic ?? null,
    managers: r?.managers ?? [],
    auto: autoOf(r?.auto),
    years_period: r?.yearsPeriod ?? 1,
    time_zone: r?.timeZone ?? 'UTC',
    pic_url: r?.pic ? sign(r.pic) : null,
    ...can,
  };
}

/** A ledger row (with names when known) → the API's entry. */
export function toEntry(r: EntryRow | EntryView): LedgerEntry {
  const v = r as Partial<EntryView>;
  return {
    _id: r.id,
    user_id: r.userId,
    kind: r.kind as LedgerEntry['kind'],
    amount: r.amount,
    achievement: r.achievementId ? { _id: r.achievementId, name: v.achievementName ?? '' } : null,
    item: r.itemId ? { _id: r.itemId, name: v.itemName ?? '' } : null,
    cause: r.cause,
    comment: r.comment,
    by: r.by,
    cancelled: r.cancelled,
    created: iso(r.createdAt),
  };
}

export { AUTO_KINDS };
