import { kbRoutes } from '@intranet/kb-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** PUT api/article/{id}/rights (§6): the item's grants. Silent: the form shows the errors. */
export const setArticleRights = (id: string, body: z.input<typeof kbRoutes.articleRights.body>) =>
  call(kbRoutes.articleRights, { params: { id }, body, silent: true });
