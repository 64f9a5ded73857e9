import { kbRoutes } from '@intranet/kb-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST api/links_block/{block_id}/link (§7 Link blocks, §5 Link). Silent: the form shows the errors. */
export const addLink = (blockId: string, body: z.input<typeof kbRoutes.linksAdd.body>) =>
  call(kbRoutes.linksAdd, { params: { block_id: blockId }, body, silent: true });
