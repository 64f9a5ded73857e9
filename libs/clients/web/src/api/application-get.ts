import { useQuery } from '@tanstack/react-query';
import { applicationRoutes } from '@intranet/clients-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/application (§3 Application, superadmin): the sections and the installation's maintenance mode. */
export const applicationGetQueryOptions = () => routeQuery(clientKeys.application(), applicationRoutes.applicationGet);
/** The application on /app and the admin panel's app sections tab. */
export const useApplication = () => useQuery(applicationGetQueryOptions());
