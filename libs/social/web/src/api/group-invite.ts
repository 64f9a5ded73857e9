import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** POST api/group/{id}/invitations (§4 Group): invite colleagues (group admins); members and already-invited people are skipped. */
export const inviteToGroup = (groupId: string, userIds: string[]) =>
  call(socialRoutes.groupInvite, { params: { id: groupId }, body: { user_ids: userIds }, silent: true });
