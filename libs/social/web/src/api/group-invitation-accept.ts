import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** POST api/group/{id}/invitations/accept (§4 Group): accept the invitation and become a member. */
export const acceptGroupInvitation = (id: string) => call(socialRoutes.groupInvitationAccept, { params: { id }, silent: true });
