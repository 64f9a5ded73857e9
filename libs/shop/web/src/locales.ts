import { defineNamespace } from '@intranet/web-i18n';

/** The shop pages' texts (`locales/<lng>/shop.json`): only the current language's file is fetched. */
export const shopText = defineNamespace('shop', {
  en: () => import('../locales/en/shop.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/shop.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/shop.json', { with: { type: 'json' } }),
});

/** The shop's error codes (SHOP_ERRORS) worded by this domain (`locales/<lng>/shopCodes.json`): `errorText` looks them up after the shell's `codes`. */
export const shopCodes = defineNamespace(
  'shopCodes',
  {
    en: () => import('../locales/en/shopCodes.json', { with: { type: 'json' } }),
    ru: () => import('../locales/ru/shopCodes.json', { with: { type: 'json' } }),
    uk: () => import('../locales/uk/shopCodes.json', { with: { type: 'json' } }),
  },
  { codes: true },
);
