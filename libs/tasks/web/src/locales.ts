import { defineNamespace } from '@intranet/web-i18n';

/** The task tracker's texts (`locales/<lng>/tasks.json`): only the current language's file is fetched. */
export const tasksText = defineNamespace('tasks', {
  en: () => import('../locales/en/tasks.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/tasks.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/tasks.json', { with: { type: 'json' } }),
});

/**
 * The task tracker's error codes (TASKS_CODES) worded by this domain (`locales/<lng>/tasksCodes.json`): `errorText`
 * looks them up after the shell's `codes`.
 */
export const tasksCodes = defineNamespace(
  'tasksCodes',
  {
    en: () => import('../locales/en/tasksCodes.json', { with: { type: 'json' } }),
    ru: () => import('../locales/ru/tasksCodes.json', { with: { type: 'json' } }),
    uk: () => import('../locales/uk/tasksCodes.json', { with: { type: 'json' } }),
  },
  { codes: true },
);
