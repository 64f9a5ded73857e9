import { kbRoutes } from '@intranet/kb-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** PUT api/article/{id} (§7 Articles, §5): edits an item. Silent: the form shows the errors. */
export const updateArticle = (id: string, body: z.input<typeof kbRoutes.articleUpdate.body>) =>
  call(kbRoutes.articleUpdate, { params: { id }, body, silent: true });
