import { mailingRoutes } from '@intranet/notifications-contract/mailing';
import { call } from '@intranet/web-api';
import type { MailingBody } from './mailing-create.ts';

/** PUT /api/mailing/{id} (§7 Mailings, §4): a changed schedule restarts the job, else active starts and inactive stops it. */
export const updateMailing = (id: string, body: MailingBody) => call(mailingRoutes.mailingUpdate, { params: { id }, body, silent: true });
