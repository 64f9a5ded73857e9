import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** GET api/idp: the development plans the caller sees. */
export const idpListQueryOptions = () => routeQuery(lmsKeys.idps(), lmsRoutes.idpList, { query: {} });
export const useIdps = () => useQuery(idpListQueryOptions());
