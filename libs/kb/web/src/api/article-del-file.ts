import { kbRoutes } from '@intranet/kb-contract';
import { call } from '@intranet/web-api';

/** PUT api/article/{id}/del_file/{file} (§7 Articles, §8 'Error on deleting file'). Silent: the caller words the error. */
export const deleteArticleFile = (id: string, file: string) => call(kbRoutes.articleDelFile, { params: { id, file }, silent: true });
