import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { routeQuery } from '@intranet/web-api';
import { socialKeys } from './keys.ts';

/** GET api/group/byClient/{id} (§7 Groups, §2 /groups/): the client's catalogue (public, closed, and my private groups), searched by name. */
export const groupByClientQueryOptions = (clientId: string, search: string, page: number) =>
  routeQuery(socialKeys.groupLists(), socialRoutes.groupByClient, { params: { id: clientId }, query: { search: search || undefined, page } });
/** The catalogue page; the last page stays while the next loads. */
export const useClientGroups = (clientId: string, search: string, page: number, enabled = true) =>
  useQuery({ ...groupByClientQueryOptions(clientId, search, page), enabled: !!clientId && enabled, placeholderData: keepPreviousData });
