import { kbRoutes } from '@intranet/kb-contract';
import { call } from '@intranet/web-api';

/** PUT api/tag/detach/{id}/from/article/{item_id} (§7 Tags). Silent: the caller words the error. */
export const detachTag = (tagId: string, itemId: string) =>
  call(kbRoutes.tagDetach, { params: { id: tagId, model: 'article', item_id: itemId }, silent: true });
