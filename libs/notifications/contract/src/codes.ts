import { defineCodes } from '@intranet/platform-errors';

/**
 * §5 / §8 error codes of notifications (mail check, templates) with their English texts. Worded in ru, uk and en by
 * the notifications web's own catalogue (`locales/<lng>/notificationsCodes.json`), not the shell's `codes`.
 */
export const NOTIF_ERRORS = defineCodes(
  'notifications',
  {
    mailAddressRequired: { text: 'Mail test needs at least one address' },
    mailSendFailed: { text: 'The message could not be sent' },
    templateExists: { text: 'A template with this code already exists' },
  },
  { wordedBy: 'notificationsCodes' },
);

/** Telegram, webhook and mailing error codes (worded by the notifications web's `notificationsCodes` catalogue). */
export const NOTIF_ADMIN_ERRORS = defineCodes(
  'notifications',
  {
    telegramCodeInvalid: { text: 'The code is unknown or expired' },
    telegramNotConfigured: { text: 'The company has no Telegram bot' },
    telegramUnreachable: { text: 'The Telegram bot could not be reached: check its token' },
    webhookUrlRefused: { text: 'The webhook must be an https address of a public host' },
    mailingScheduleInvalid: { text: 'The schedule is not a valid cron expression' },
    mailingActionUnknown: { text: 'Unknown mailing action' },
    mailingExists: { text: 'The workspace already has a mailing with this action' },
  },
  { wordedBy: 'notificationsCodes' },
);
