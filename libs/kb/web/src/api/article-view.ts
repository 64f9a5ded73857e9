import { kbRoutes } from '@intranet/kb-contract';
import { call } from '@intranet/web-api';

/** PUT api/article/{id}/view/{user}: counts one view of the caller (§8: its errors are swallowed by the caller). */
export const countArticleView = (id: string, uid: string) => call(kbRoutes.articleView, { params: { id, user: uid }, silent: true });
