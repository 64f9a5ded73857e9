import { defineNamespace } from '@intranet/web-i18n';

/** The client administration pages' texts (`locales/<lng>/clients.json`): only the current language's file is fetched. */
export const clientsText = defineNamespace('clients', {
  en: () => import('../locales/en/clients.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/clients.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/clients.json', { with: { type: 'json' } }),
});
