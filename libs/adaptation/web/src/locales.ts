import { defineNamespace } from '@intranet/web-i18n';

/** The adaptation pages' texts (`locales/<lng>/adaptation.json`): only the current language's file is fetched. */
export const adaptationText = defineNamespace('adaptation', {
  en: () => import('../locales/en/adaptation.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/adaptation.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/adaptation.json', { with: { type: 'json' } }),
});
