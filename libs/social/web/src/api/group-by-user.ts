import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { routeQuery } from '@intranet/web-api';
import { socialKeys } from './keys.ts';

/** GET api/group/byUser/{id} (§7 Groups): the groups user {id} is a member of, searched by name, a page. */
export const groupByUserQueryOptions = (userId: string, search = '', page = 1, limit?: number) =>
  routeQuery(socialKeys.groupLists(), socialRoutes.groupByUser, { params: { id: userId }, query: { search: search || undefined, page, limit } });
/** The caller's (or another user's) groups; the last page stays while the next loads. */
export const useUserGroups = (userId: string | null, search: string, page: number, limit?: number, enabled = true) =>
  useQuery({ ...groupByUserQueryOptions(userId ?? '', search, page, limit), enabled: !!userId && enabled, placeholderData: keepPreviousData });
