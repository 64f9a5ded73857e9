import { mailingRoutes } from '@intranet/notifications-contract/mailing';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** The body of POST /api/mailing (as the mailing form parses it). */
export type MailingBody = z.output<typeof mailingRoutes.mailingCreate.body>;

/** POST /api/mailing (§7 Mailings, §4): a mailing of the caller's workspace; with `active` its job starts. */
export const createMailing = (body: MailingBody) => call(mailingRoutes.mailingCreate, { body, silent: true });
