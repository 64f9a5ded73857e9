import { useQuery } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { routeQuery } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** GET /api/service_group (§7 Services): the client's service groups, by name. */
export const groupListQueryOptions = () => routeQuery(bpKeys.groups(), bpRoutes.groupList);
/** The service groups the info form offers. */
export const useServiceGroups = () => useQuery(groupListQueryOptions());
