import { useQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { routeQuery } from '@intranet/web-api';
import { socialKeys } from './keys.ts';

/** GET api/group/{id}/requests (§4 Group): pending requests to join (group admins). */
export const groupRequestsQueryOptions = (groupId: string) => routeQuery(socialKeys.groupRequests(), socialRoutes.groupRequests, { params: { id: groupId } });
/** A group's pending requests. */
export const useGroupRequests = (groupId: string, enabled = true) => useQuery({ ...groupRequestsQueryOptions(groupId), enabled });
