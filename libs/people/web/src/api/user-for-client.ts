import { useQuery } from '@tanstack/react-query';
import { peopleRoutes } from '@intranet/people-contract';
import { routeQuery } from '@intranet/web-api';
import { peopleKeys } from './keys.ts';

/** GET /api/user/for_client/{clientId} (§7 Users, right address): every user of the client. */
export const userForClientQueryOptions = (clientId: string) => routeQuery(peopleKeys.forClient(clientId), peopleRoutes.userForClient, { params: { clientId } });
/** The client's users (the structure chart's names); loaded only when `enabled`. */
export const useClientUsers = (clientId: string, enabled: boolean) => useQuery({ ...userForClientQueryOptions(clientId), enabled });
