import { defineNamespace } from '@intranet/web-i18n';

/** The employees and client settings pages' texts (`locales/<lng>/people.json`): only the current language's file is fetched. */
export const peopleText = defineNamespace('people', {
  en: () => import('../locales/en/people.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/people.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/people.json', { with: { type: 'json' } }),
});

/** The structure, vacations and projects texts (`locales/<lng>/peopleOrg.json`). */
export const peopleOrgText = defineNamespace('peopleOrg', {
  en: () => import('../locales/en/peopleOrg.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/peopleOrg.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/peopleOrg.json', { with: { type: 'json' } }),
});
