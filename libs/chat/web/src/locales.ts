import { defineNamespace } from '@intranet/web-i18n';

/** The chat pages' texts (`locales/<lng>/chat.json`): only the current language's file is fetched. */
export const chatText = defineNamespace('chat', {
  en: () => import('../locales/en/chat.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/chat.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/chat.json', { with: { type: 'json' } }),
});
