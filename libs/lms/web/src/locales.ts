import { defineNamespace } from '@intranet/web-i18n';

/** The lms pages' texts (`locales/<lng>/lms.json`): only the current language's file is fetched. */
export const lmsText = defineNamespace('lms', {
  en: () => import('../locales/en/lms.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/lms.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/lms.json', { with: { type: 'json' } }),
});

/** The learning error codes (LMS_ERRORS) worded by this domain (`locales/<lng>/lmsCodes.json`). */
export const lmsCodes = defineNamespace(
  'lmsCodes',
  {
    en: () => import('../locales/en/lmsCodes.json', { with: { type: 'json' } }),
    ru: () => import('../locales/ru/lmsCodes.json', { with: { type: 'json' } }),
    uk: () => import('../locales/uk/lmsCodes.json', { with: { type: 'json' } }),
  },
  { codes: true },
);
