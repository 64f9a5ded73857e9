import { kbRoutes } from '@intranet/kb-contract';
import { call } from '@intranet/web-api';

/** DELETE api/links_block/{block_id}/link/{id} (§7 Link blocks). Silent: the caller words the error. */
export const deleteLink = (blockId: string, id: string) => call(kbRoutes.linksDelete, { params: { block_id: blockId, id }, silent: true });
