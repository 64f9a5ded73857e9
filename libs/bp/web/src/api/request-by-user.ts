import { useQuery } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { routeQuery } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** GET /api/bp/runned/{user}?as&page&limit (§7 Services): the user's requests as initiator or performer, newest first. */
export const requestByUserQueryOptions = (user: string, as: 'initiator' | 'performer', page: number, limit: number) =>
  routeQuery(bpKeys.byUser(), bpRoutes.requestByUser, { params: { user }, query: { as, page, limit } });
/** "My requests" / "requests to me" of `user` (null: not fetched), one page. */
export const useUserRequests = (user: string | null, as: 'initiator' | 'performer', page: number, limit: number) =>
  useQuery({ ...requestByUserQueryOptions(user ?? '', as, page, limit), enabled: !!user });
