import { kbRoutes } from '@intranet/kb-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** PUT api/links_block/{block_id}/link (§7 Link blocks, §5 Link). Silent: the form shows the errors. */
export const updateLink = (blockId: string, body: z.input<typeof kbRoutes.linksUpdate.body>) =>
  call(kbRoutes.linksUpdate, { params: { block_id: blockId }, body, silent: true });
