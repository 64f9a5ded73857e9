import { kbRoutes } from '@intranet/kb-contract';
import { call } from '@intranet/web-api';

/** DELETE api/article/deep/{id} (§7 Articles): the item with everything under it. Silent: the caller words the error. */
export const deleteArticle = (id: string) => call(kbRoutes.articleDeepDelete, { params: { id }, silent: true });
