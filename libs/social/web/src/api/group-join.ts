import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** POST api/group/{id}/join (§4 Group): join a public group at once, ask to join a closed one, or accept an invitation. */
export const joinGroup = (id: string) => call(socialRoutes.groupJoin, { params: { id }, silent: true });
