import { defineNamespace } from '@intranet/web-i18n';

/** The notification centre's, bell's and admin tabs' texts (`locales/<lng>/notifications.json`): only the current language's file is fetched. */
export const notificationsText = defineNamespace('notifications', {
  en: () => import('../locales/en/notifications.json', { with: { type: 'json' } }),
  ru: () => import('../locales/ru/notifications.json', { with: { type: 'json' } }),
  uk: () => import('../locales/uk/notifications.json', { with: { type: 'json' } }),
});

/**
 * The notifications error codes (NOTIF_ERRORS, NOTIF_ADMIN_ERRORS: mail check, templates, Telegram, webhooks,
 * mailings) worded by this domain (`locales/<lng>/notificationsCodes.json`): `errorText` looks them up after the
 * shell's `codes`.
 */
export const notificationsCodes = defineNamespace(
  'notificationsCodes',
  {
    en: () => import('../locales/en/notificationsCodes.json', { with: { type: 'json' } }),
    ru: () => import('../locales/ru/notificationsCodes.json', { with: { type: 'json' } }),
    uk: () => import('../locales/uk/notificationsCodes.json', { with: { type: 'json' } }),
  },
  { codes: true },
);
