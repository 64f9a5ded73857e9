import { defineNamespace } from '@intranet/web-i18n';

/** The business process (services and requests) pages' texts (`locales/<lng>/bp.json`): only the current language's file is fetched. */
export const bpText = defineNamespace('bp', {
  en: () => import('../locales/en/bp.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/bp.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/bp.json', { with: { type: 'json' } }),
});

/**
 * The services' error codes (BP_CODES) worded by this domain (`locales/<lng>/bpCodes.json`): `errorText` looks them up
 * after the shell's `codes`.
 */
export const bpCodes = defineNamespace(
  'bpCodes',
  {
    en: () => import('../locales/en/bpCodes.json', { with: { type: 'json' } }),
    ru: () => import('../locales/ru/bpCodes.json', { with: { type: 'json' } }),
    uk: () => import('../locales/uk/bpCodes.json', { with: { type: 'json' } }),
  },
  { codes: true },
);
