import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** GET api/clients/{client_id}/settings/admins/lms: the LMS administrators (user ids). */
export const adminsGetQueryOptions = (clientId: string) => routeQuery(lmsKeys.admins(clientId), lmsRoutes.adminsGet, { params: { client_id: clientId } });
export const useLmsAdmins = (clientId: string) => useQuery({ ...adminsGetQueryOptions(clientId), enabled: !!clientId });
