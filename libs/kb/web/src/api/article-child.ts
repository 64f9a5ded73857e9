import { useQuery } from '@tanstack/react-query';
import { kbRoutes } from '@intranet/kb-contract';
import { routeQuery } from '@intranet/web-api';
import { kbKeys } from './keys.ts';

/** GET api/article/child/{id} (§7 Articles): the readable children of a folder. */
export const articleChildQueryOptions = (folder: string) => routeQuery(kbKeys.children(folder), kbRoutes.articleChild, { params: { id: folder } });
/** The leaves of an opened folder of the tree. */
export const useFolderChildren = (folder: string) => useQuery(articleChildQueryOptions(folder));
