import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';

/** DELETE /api/post/{id} (§3 Comment): one's own comment. */
export const deletePost = (id: string) => call(socialRoutes.postDelete, { params: { id }, silent: true });
