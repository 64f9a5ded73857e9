import { kbRoutes } from '@intranet/kb-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** PUT api/links_block/toggle (§7 Link blocks): shows or hides a block (made on first use). Output: the block. */
export const toggleLinksBlock = (body: z.input<typeof kbRoutes.linksToggle.body>) => call(kbRoutes.linksToggle, { body, silent: true });
