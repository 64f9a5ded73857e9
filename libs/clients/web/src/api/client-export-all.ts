import { lifeJobRoutes } from '@intranet/clients-contract';
import { call } from '@intranet/web-api';

/** POST /api/clients/export/all (§7 Clients, superadmin): an export job per live workspace (see each one's maintenance tab). */
export const exportAll = () => call(lifeJobRoutes.clientExportAll, { silent: true });
