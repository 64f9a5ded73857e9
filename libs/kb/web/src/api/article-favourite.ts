import { kbRoutes } from '@intranet/kb-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** PUT api/article/{id}/favourite: marks an item (or one of its files) a favourite of the caller, or not. Silent. */
export const setFavourite = (id: string, body: z.input<typeof kbRoutes.articleFavourite.body>) =>
  call(kbRoutes.articleFavourite, { params: { id }, body, silent: true });
