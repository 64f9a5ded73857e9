import { lifeJobRoutes, type MAINTENANCE_TASKS } from '@intranet/clients-contract';
import { call } from '@intranet/web-api';

/** POST /api/clients/{client}/maintenance/{task} (§7 Clients, superadmin): runs one maintenance task, answers its figures. */
export const runMaintenance = (client: string, task: (typeof MAINTENANCE_TASKS)[number]) =>
  call(lifeJobRoutes.maintenanceRun, { params: { client, task }, silent: true });
