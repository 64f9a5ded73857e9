import { defineCodes } from '@intranet/platform-errors';

/** §5 / §8 error codes of notifications (mail check, templates, Telegram, mailings) with their English texts. */
export const NOTIF_ERRORS = defineCodes('notifications', {
  mailAddressRequired: { text: 'Mail test needs at least one address' },
  mailSendFailed: { text: 'The message could not be sent' },
  templateExists: { text: 'A template with this code already exists' },
});

/** Telegram and mailing error codes (worded by the notifications remote's own catalogue). */
export const NOTIF_ADMIN_ERRORS = defineCodes(
  'notifications',
  {
    telegramCodeInvalid: { text: 'The code is unknown or expired' },
    telegramNotConfigured: { text: 'The company has no Telegram bot' },
    telegramUnreachable: { text: 'The Telegram bot could not be reached: check its token' },
    mailingScheduleInvalid: { text: 'The schedule is not a valid cron expression' },
    mailingActionUnknown: { text: 'Unknown mailing action' },
    mailingExists: { text: 'The workspace already has a mailing with this action' },
  },
  { wordedBy: 'notifications' },
);
