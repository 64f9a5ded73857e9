import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { routeQuery } from '@intranet/web-api';
import { socialKeys } from './keys.ts';

/** GET api/group/{id}/members (§3 Group members): members, owner and admins first, a page. */
export const groupMembersQueryOptions = (groupId: string, page: number) =>
  routeQuery(socialKeys.groupMembers(), socialRoutes.groupMembers, { params: { id: groupId }, query: { page } });
/** A group's members; the last page stays while the next loads. */
export const useGroupMembers = (groupId: string, page: number) => useQuery({ ...groupMembersQueryOptions(groupId, page), placeholderData: keepPreviousData });
