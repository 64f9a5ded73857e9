import { Id, IsoDate, requiredString, V, z } from '@intranet/platform-contracts';
import { SHOP_ERRORS } from './codes.ts';

/** §9 default shop name. */
export const DEFAULT_SHOP_NAME = 'Shop!';
/** §9 currency icons. */
export const COIN_ICONS = ['EUR', 'RUB', 'UAH', 'USD'] as const;
/** §9 shop picture size (width x height, px). */
export const SHOP_PIC = { width: 200, height: 360 } as const;
/** Limits of the shop inputs (§5 "coin amount within range", "cost and remaining amount valid"). */
export const SHOP_LIMITS = {
  name: 100,
  description: 2000,
  comment: 1000,
  coinName: 50,
  coinShort: 10,
  cost: 1_000_000,
  rest: 1_000_000,
  coins: 100_000,
  pics: 10,
  managers: 100,
} as const;

/** The automatic accrual kinds (§3 auto-accrual). `years`: the periodic reward by working years. */
export const AUTO_KINDS = ['thanks', 'poll', 'profile', 'birthday', 'anniversary', 'idea', 'years'] as const;
export type AutoKind = (typeof AUTO_KINDS)[number];

const whole = (max: number, text: string) => z.coerce.number({ error: text }).int(text).min(0, text).max(max, text);
/** §5 cost: a whole number of coins, precision 0, minimum 0. */
export const Cost = whole(SHOP_LIMITS.cost, SHOP_ERRORS.shopCostInvalid.text.replace('{max}', String(SHOP_LIMITS.cost)));
/** §5 remaining amount (stock). */
export const Rest = whole(SHOP_LIMITS.rest, SHOP_ERRORS.shopRestInvalid.text.replace('{max}', String(SHOP_LIMITS.rest)));
const coinsText = SHOP_ERRORS.shopCoinsRange.text.replace('{max}', String(SHOP_LIMITS.coins));
/** §5 coin amount within range: 1..SHOP_LIMITS.coins, whole. */
export const Coins = z.coerce.number({ error: coinsText }).int(coinsText).min(1, coinsText).max(SHOP_LIMITS.coins, coinsText);

/** Whether `tz` is an IANA time zone this runtime knows (Intl refuses others). */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const text = (max: number) => z.string().trim().max(max, V.max(max));
const pics = z.array(z.string().trim().min(1).max(500)).max(SHOP_LIMITS.pics).default([]);

/** One automatic accrual rule: on/off and coins per cause; `years` also its period in working years. */
export const autoRule = z.object({ on: z.boolean().default(false), amount: z.coerce.number().int().min(0).max(SHOP_LIMITS.coins).default(0) });
export const autoRules = z.object(
  Object.fromEntries(AUTO_KINDS.map((k) => [k, autoRule.default({ on: false, amount: 0 })])) as Record<AutoKind, z.ZodDefault<typeof autoRule>>,
);
export type AutoRules = z.infer<typeof autoRules>;

/** §3 shop settings as the API returns them. */
export const shopSettings = z.object({
  _id: z.string(),
  client_id: z.string(),
  name: z.string(),
  coin_name: z.string(),
  coin_short: z.string(),
  icon: z.enum(COIN_ICONS),
  description: z.string(),
  pic: z.string().nullable(),
  managers: z.array(z.string()),
  auto: autoRules,
  /** Every `years` working years (the periodic reward's period). */
  years_period: z.number(),
  /** The client's IANA time zone: date-driven accruals happen on the client's local day. */
  time_zone: z.string(),
  /** Signed URL of `pic` (a stored key), null without one. */
  pic_url: z.string().nullable(),
  /** Whether the caller manages the shop (admin or shop manager) and may buy (not a superadmin). */
  canManage: z.boolean(),
  canBuy: z.boolean(),
});
export type ShopSettings = z.infer<typeof shopSettings>;

/** PUT api/shop body: the client's settings (admin). */
export const settingsBody = z.object({
  name: requiredString().max(SHOP_LIMITS.name, V.max(SHOP_LIMITS.name)).default(DEFAULT_SHOP_NAME),
  coin_name: text(SHOP_LIMITS.coinName).default(''),
  coin_short: text(SHOP_LIMITS.coinShort).default(''),
  icon: z.enum(COIN_ICONS).default('USD'),
  description: text(SHOP_LIMITS.description).default(''),
  pic: z.string().trim().max(500).nullable().default(null),
  managers: z.array(Id).max(SHOP_LIMITS.managers).default([]),
  auto: autoRules.optional(),
  years_period: z.coerce.number().int().min(1).max(50).default(1),
  time_zone: z
    .string()
    .trim()
    .max(64)
    .refine(isTimeZone, { message: SHOP_ERRORS.shopTimeZoneInvalid.text, params: { code: SHOP_ERRORS.shopTimeZoneInvalid.code } })
    .default('UTC'),
});

/** §3 item. `start_amount` null: unlimited stock (rest null). `sold`: units sold so far. */
export const shopItem = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  cost: z.number(),
  start_amount: z.number().nullable(),
  amount: z.number().nullable(),
  rest: z.number().nullable(),
  /** Stored keys of the pictures (POST api/upload?kind=file, each 200x360, §9); `pic_urls` their signed URLs. */
  pics: z.array(z.string()),
  pic_urls: z.array(z.string()),
  sold: z.number(),
  created: z.string(),
});
export type ShopItem = z.infer<typeof shopItem>;

export const itemBody = z.object({
  name: requiredString().max(SHOP_LIMITS.name, V.max(SHOP_LIMITS.name)),
  description: text(SHOP_LIMITS.description).default(''),
  cost: Cost,
  /** Initial stock; null or absent: unlimited. */
  start_amount: Rest.nullable().default(null),
  pics,
});
export const itemUpdateBody = itemBody.partial().extend({ _id: Id });

/** §3 achievement. */
export const achievement = z.object({ _id: z.string(), name: z.string(), pic: z.string().nullable(), description: z.string() });
export type Achievement = z.infer<typeof achievement>;
export const achievementBody = z.object({
  name: requiredString().max(SHOP_LIMITS.name, V.max(SHOP_LIMITS.name)),
  pic: z.string().trim().max(500).nullable().default(null),
  description: text(SHOP_LIMITS.description).default(''),
});
export const achievementUpdateBody = achievementBody.partial().extend({ _id: Id });

/** §3 accrual: recipient and achievement required (§5), coins within range, a comment, publish to wall. */
export const accrueBody = z
  .object({
    recipient: Id.nullish(),
    achievement: Id.nullish(),
    amount: Coins,
    comment: text(SHOP_LIMITS.comment).default(''),
    publish: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if (!b.recipient) ctx.addIssue({ code: 'custom', path: ['recipient'], message: SHOP_ERRORS.shopRecipientRequired.text });
    if (!b.achievement) ctx.addIssue({ code: 'custom', path: ['achievement'], message: SHOP_ERRORS.shopAchievementRequired.text });
  });

/** One ledger entry (balance history). `amount` signed: + accrual, − purchase, cancel, nullify. */
export const ledgerEntry = z.object({
  _id: z.string(),
  user_id: z.string(),
  kind: z.enum(['accrual', 'auto', 'purchase', 'cancel', 'nullify']),
  amount: z.number(),
  achievement: achievement.pick({ _id: true, name: true }).nullable(),
  item: z.object({ _id: z.string(), name: z.string() }).nullable(),
  cause: z.string().nullable(),
  comment: z.string(),
  by: z.string().nullable(),
  cancelled: z.boolean(),
  created: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

/** §3 balance: amount and achievements (ach: how many accruals per achievement). */
export const balanceOut = z.object({
  user_id: z.string(),
  amount: z.number(),
  ach: z.array(z.object({ _id: z.string(), name: z.string(), count: z.number() })),
  history: z.array(ledgerEntry),
  total: z.number(),
});

export const balanceRow = z.object({ user_id: z.string(), amount: z.number(), earned: z.number(), spent: z.number() });

export const statsBody = z.object({ dateFrom: IsoDate.optional(), dateTo: IsoDate.optional() });
export const statsOut = z.object({
  accrued: z.number(),
  spent: z.number(),
  accruals: z.number(),
  purchases: z.number(),
  /** Per day of the period: coins accrued and spent. */
  days: z.array(z.object({ day: z.string(), accrued: z.number(), spent: z.number() })),
  topItems: z.array(z.object({ _id: z.string(), name: z.string(), count: z.number(), coins: z.number() })),
  /** The latest purchases of the period (who bought what). */
  sales: z.array(z.object({ _id: z.string(), user_id: z.string(), item: z.string(), cost: z.number(), created: z.string() })),
});
export type ShopStats = z.infer<typeof statsOut>;
