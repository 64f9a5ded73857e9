import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** POST api/group/{groupId}/requests/{userId}/approve (§4 Group): the user becomes a member (group admins). */
export const approveGroupRequest = (groupId: string, userId: string) => call(socialRoutes.groupRequestApprove, { params: { groupId, userId }, silent: true });
