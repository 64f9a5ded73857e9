import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** DELETE api/group/{groupId}/members/{userId} (§4 Group): remove a member (group admins; never the owner). */
export const removeGroupMember = (groupId: string, userId: string) => call(socialRoutes.groupMemberRemove, { params: { groupId, userId }, silent: true });
