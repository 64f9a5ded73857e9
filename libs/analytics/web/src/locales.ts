import { defineNamespace } from '@intranet/web-i18n';

/** The analytics pages' texts (`locales/<lng>/analytics.json`): only the current language's file is fetched. */
export const analyticsText = defineNamespace('analytics', {
  en: () => import('../locales/en/analytics.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/analytics.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/analytics.json', { with: { type: 'json' } }),
});
