import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** DELETE api/group/{id} (§7 Groups): a group with its posts (the owner or a client admin). */
export const deleteGroup = (id: string) => call(socialRoutes.groupDelete, { params: { id }, silent: true });
