import { kbRoutes } from '@intranet/kb-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** PUT api/article/{id}/add_files (§7 Articles): attaches uploaded files. Silent: the caller words the error. */
export const addArticleFiles = (id: string, files: z.input<typeof kbRoutes.articleAddFiles.body>['files']) =>
  call(kbRoutes.articleAddFiles, { params: { id }, body: { files }, silent: true });
