import { defineNamespace } from '@intranet/web-i18n';

/** The knowledge base and vacancy pages' texts (`locales/<lng>/kb.json`): only the current language's file is fetched. */
export const kbText = defineNamespace('kb', {
  en: () => import('../locales/en/kb.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/kb.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/kb.json', { with: { type: 'json' } }),
});

/**
 * The assistant's error codes (KB_ASSISTANT_ERRORS: assistantFailed, assistantUrl) worded by this domain
 * (`locales/<lng>/kbCodes.json`): `errorText` looks them up after the shell's `codes`.
 */
export const kbCodes = defineNamespace(
  'kbCodes',
  {
    en: () => import('../locales/en/kbCodes.json', { with: { type: 'json' } }),
    ru: () => import('../locales/ru/kbCodes.json', { with: { type: 'json' } }),
    uk: () => import('../locales/uk/kbCodes.json', { with: { type: 'json' } }),
  },
  { codes: true },
);
