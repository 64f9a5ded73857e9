import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** DELETE api/group/{groupId}/invitations/{userId} (§4 Group): withdraw a pending invitation (group admins). */
export const withdrawGroupInvitation = (groupId: string, userId: string) =>
  call(socialRoutes.groupInvitationWithdraw, { params: { groupId, userId }, silent: true });
