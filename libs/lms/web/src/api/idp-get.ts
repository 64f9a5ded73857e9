import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** GET api/idp/{id}: one plan (its employee, creator, observer, administrators). */
export const idpGetQueryOptions = (id: string) => routeQuery(lmsKeys.idp(id), lmsRoutes.idpGet, { params: { id } });
export const useIdp = (id: string) => useQuery(idpGetQueryOptions(id));
