import { defineNamespace } from '@intranet/web-i18n';

/** The lms pages' texts (`locales/<lng>/lms.json`): only the current language's file is fetched. */
export const lmsText = defineNamespace('lms', {
  en: () => import('../locales/en/lms.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/lms.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/lms.json', { with: { type: 'json' } }),
});
