import { defineNamespace } from '@intranet/web-i18n';

/** The polls pages' texts (`locales/<lng>/polls.json`): only the current language's file is fetched. */
export const pollsText = defineNamespace('polls', {
  en: () => import('../locales/en/polls.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/polls.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/polls.json', { with: { type: 'json' } }),
});
