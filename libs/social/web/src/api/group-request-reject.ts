import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** POST api/group/{groupId}/requests/{userId}/reject (§4 Group): reject a user's request (group admins). */
export const rejectGroupRequest = (groupId: string, userId: string) => call(socialRoutes.groupRequestReject, { params: { groupId, userId }, silent: true });
