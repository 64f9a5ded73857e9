import { defineCodes } from '@intranet/platform-errors';

/**
 * §5 / §8 shop error codes with their English texts: the server raises them, the web words each code in ru, uk and
 * en (namespace `shopCodes`). `kind` is the HTTP class a refusal is raised with.
 */
export const SHOP_ERRORS = defineCodes(
  'shop',
  {
    /** §5 cost and remaining amount valid. */
    shopCostInvalid: { text: 'Cost must be a whole number from 0 to {max}' },
    shopRestInvalid: { text: 'Amount must be a whole number from 0 to {max}' },
    /** §5 coin amount within range. */
    shopCoinsRange: { text: 'Coins must be a whole number from 1 to {max}' },
    /** §5 recipient and achievement required. */
    shopRecipientRequired: { text: 'Choose a recipient' },
    shopAchievementRequired: { text: 'Choose an achievement' },
    /** §8 item with sales cannot be deleted. */
    shopItemHasSales: { text: 'An item with sales cannot be deleted', kind: 'conflict' },
    /** §8 not enough coins. */
    shopNotEnoughCoins: { text: 'Not enough coins', kind: 'conflict' },
    shopOutOfStock: { text: 'Out of stock', kind: 'conflict' },
    /** §6 superadmin cannot buy. */
    shopSuperadminCannotBuy: { text: 'A superadmin cannot buy in the shop', kind: 'forbidden' },
    /** Cancelling an accrual whose coins are already spent. */
    shopCoinsSpent: { text: 'The coins of this accrual are already spent', kind: 'conflict' },
    shopAccrualCancelled: { text: 'This accrual is already cancelled', kind: 'conflict' },
    shopAchievementInUse: { text: 'This achievement has accruals and cannot be deleted', kind: 'conflict' },
    /** §9 shop picture 200x360. */
    shopPictureSize: { text: 'The picture must be 200x360' },
    /** The settings' time zone (the automatic accruals' day): an IANA zone name. */
    shopTimeZoneInvalid: { text: 'Unknown time zone' },
    /** §8 purchase, accrual/cancel errors (a generic failure the web words). */
    shopPurchaseError: { text: 'Purchase failed', kind: 'internal' },
    shopAccrualError: { text: 'Accrual failed', kind: 'internal' },
    /** §8 Excel export errors. */
    shopExcelError: { text: 'Excel export failed', kind: 'internal' },
  },
  { wordedBy: 'shopCodes' },
);

/** The shop's codes by name (the web compares an error's code with these). */
export const SHOP_CODES = {
  shopCostInvalid: 'shopCostInvalid',
  shopRestInvalid: 'shopRestInvalid',
  shopCoinsRange: 'shopCoinsRange',
  shopRecipientRequired: 'shopRecipientRequired',
  shopAchievementRequired: 'shopAchievementRequired',
  shopItemHasSales: 'shopItemHasSales',
  shopNotEnoughCoins: 'shopNotEnoughCoins',
  shopOutOfStock: 'shopOutOfStock',
  shopSuperadminCannotBuy: 'shopSuperadminCannotBuy',
  shopCoinsSpent: 'shopCoinsSpent',
  shopAccrualCancelled: 'shopAccrualCancelled',
  shopAchievementInUse: 'shopAchievementInUse',
  shopPictureSize: 'shopPictureSize',
  shopTimeZoneInvalid: 'shopTimeZoneInvalid',
  shopPurchaseError: 'shopPurchaseError',
  shopAccrualError: 'shopAccrualError',
  shopExcelError: 'shopExcelError',
} as const satisfies { [K in keyof typeof SHOP_ERRORS]: K };
