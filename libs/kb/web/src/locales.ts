import { defineNamespace } from '@intranet/web-i18n';

/** The knowledge base and vacancy pages' texts (`locales/<lng>/kb.json`): only the current language's file is fetched. */
export const kbText = defineNamespace('kb', {
  en: () => import('../locales/en/kb.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/kb.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/kb.json', { with: { type: 'json' } }),
});
