import { applicationRoutes } from '@intranet/clients-contract';
import { call } from '@intranet/web-api';

/** PUT /api/application/createDefaultSections (§7 Application, superadmin): adds the missing default sections. */
export const createDefaultSections = () => call(applicationRoutes.applicationCreateDefaultSections, { silent: true });
