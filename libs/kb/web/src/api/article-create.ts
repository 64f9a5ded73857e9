import { kbRoutes } from '@intranet/kb-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST api/article (§7 Articles, §5): creates an article, folder or vacancy. Silent: the form shows the errors. */
export const createArticle = (body: z.input<typeof kbRoutes.articleCreate.body>) => call(kbRoutes.articleCreate, { body, silent: true });
