import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** PUT api/group/{groupId}/members/{userId}/admin (§4 Group): make a member a group admin or a plain member again (the owner). */
export const setGroupAdmin = (groupId: string, userId: string, admin: boolean) =>
  call(socialRoutes.groupMemberAdmin, { params: { groupId, userId }, body: { admin }, silent: true });
