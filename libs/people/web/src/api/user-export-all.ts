import { peopleRoutes } from '@intranet/people-contract';
import { call } from '@intranet/web-api';

/** POST /api/user/export/all/{id} (§7 Users): a short-lived signed URL of the client's employees as .xlsx. */
export const exportAllUsers = (clientId: string) => call(peopleRoutes.userExportAll, { params: { id: clientId }, silent: true });
