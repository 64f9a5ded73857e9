import { applicationRoutes } from '@intranet/clients-contract';
import { call } from '@intranet/web-api';

/** PUT /api/application/maintenance {active} (issue 36, superadmin): the whole installation in maintenance mode or out. */
export const setInstallationMaintenance = (active: boolean) => call(applicationRoutes.applicationMaintenance, { body: { active }, silent: true });
