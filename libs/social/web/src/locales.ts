import { defineNamespace } from '@intranet/web-i18n';

/** The company feed, groups and ideas pages' texts (`locales/<lng>/wall.json`): only the current language's file is fetched. */
export const wallText = defineNamespace('wall', {
  en: () => import('../locales/en/wall.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/wall.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/wall.json', { with: { type: 'json' } }),
});

/**
 * The group, idea and report error codes (GROUP_CODES…) worded by this domain (`locales/<lng>/wallCodes.json`):
 * `errorText` looks them up after the shell's `codes`.
 */
export const wallCodes = defineNamespace(
  'wallCodes',
  {
    en: () => import('../locales/en/wallCodes.json', { with: { type: 'json' } }),
    ru: () => import('../locales/ru/wallCodes.json', { with: { type: 'json' } }),
    uk: () => import('../locales/uk/wallCodes.json', { with: { type: 'json' } }),
  },
  { codes: true },
);
