import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** PUT api/group/{groupId}/owner/{newOwner} (§4 Group): the owner (or a client admin) hands the group over to a member. */
export const setGroupOwner = (groupId: string, newOwner: string) => call(socialRoutes.groupSetOwner, { params: { groupId, newOwner }, silent: true });
