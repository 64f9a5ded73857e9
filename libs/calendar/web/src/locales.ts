import { defineNamespace } from '@intranet/web-i18n';

/** The calendar pages' texts (`locales/<lng>/calendar.json`): only the current language's file is fetched. */
export const calendarText = defineNamespace('calendar', {
  en: () => import('../locales/en/calendar.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/calendar.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/calendar.json', { with: { type: 'json' } }),
});
