import { defineNamespace } from '@intranet/web-i18n';

/** The adaptation pages' texts (`locales/<lng>/adaptation.json`): only the current language's file is fetched. */
export const adaptationText = defineNamespace('adaptation', {
  en: () => import('../locales/en/adaptation.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/adaptation.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/adaptation.json', { with: { type: 'json' } }),
});

/** The adaptation error codes (ADAPT_ERRORS, TRACK_PROBLEMS) worded by this domain (`locales/<lng>/adaptationCodes.json`). */
export const adaptationCodes = defineNamespace(
  'adaptationCodes',
  {
    en: () => import('../locales/en/adaptationCodes.json', { with: { type: 'json' } }),
    ru: () => import('../locales/ru/adaptationCodes.json', { with: { type: 'json' } }),
    uk: () => import('../locales/uk/adaptationCodes.json', { with: { type: 'json' } }),
  },
  { codes: true },
);
