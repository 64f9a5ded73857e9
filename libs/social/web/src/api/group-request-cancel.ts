import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** DELETE api/group/{id}/requests (§4 Group): cancel the caller's own pending request. */
export const cancelGroupRequest = (id: string) => call(socialRoutes.groupRequestCancel, { params: { id }, silent: true });
