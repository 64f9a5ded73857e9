import { kbRoutes } from '@intranet/kb-contract';
import { call } from '@intranet/web-api';

/** PUT api/tag/attach/to/article/{item_id} (§7 Tags): attaches the kb tag `name` (made when new). Silent. */
export const attachTag = (itemId: string, name: string | undefined) =>
  call(kbRoutes.tagAttach, { params: { model: 'article', item_id: itemId }, body: { name, module: 'kb' }, silent: true });
