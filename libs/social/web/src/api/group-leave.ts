import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** POST api/group/{id}/leave (§4 Group): leave a group (the owner hands it over first). */
export const leaveGroup = (id: string) => call(socialRoutes.groupLeave, { params: { id }, silent: true });
