import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** POST api/group/{id}/invitations/decline (§4 Group): decline the invitation. */
export const declineGroupInvitation = (id: string) => call(socialRoutes.groupInvitationDecline, { params: { id }, silent: true });
