import { useQuery } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { routeQuery } from '@intranet/web-api';
import { socialKeys } from './keys.ts';

/** GET api/group/{id}/invitations (§4 Group): pending invitations (group admins). */
export const groupInvitationsQueryOptions = (groupId: string) =>
  routeQuery(socialKeys.groupInvitations(), socialRoutes.groupInvitations, { params: { id: groupId } });
/** A group's pending invitations. */
export const useGroupInvitations = (groupId: string, enabled = true) => useQuery({ ...groupInvitationsQueryOptions(groupId), enabled });
