import { mailingRoutes } from '@intranet/notifications-contract/mailing';
import { call } from '@intranet/web-api';

/** DELETE /api/mailing/{id} (§7 Mailings): deletes a mailing and stops its job. */
export const removeMailing = (id: string) => call(mailingRoutes.mailingRemove, { params: { id }, silent: true });
