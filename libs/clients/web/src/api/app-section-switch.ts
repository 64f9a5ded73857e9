import { applicationRoutes } from '@intranet/clients-contract';
import { call } from '@intranet/web-api';

/** PUT /api/application/sections/{code} {active} (superadmin): switches one section of the application. */
export const switchAppSection = (code: string, active: boolean) =>
  call(applicationRoutes.appSectionSwitch, { params: { code }, body: { active }, silent: true });
