import { useQuery } from '@tanstack/react-query';
import { kbRoutes } from '@intranet/kb-contract';
import { routeQuery } from '@intranet/web-api';
import { kbKeys } from './keys.ts';

/** GET api/article/full_tree/{id} (§7 Articles): the client's readable kb folders as a tree. `enabled` false: no query. */
export const articleFullTreeQueryOptions = (clientId: string | null, enabled = true) => ({
  ...routeQuery(kbKeys.tree(), kbRoutes.articleFullTree, { params: { id: clientId ?? '' }, query: { section: 'kb', folders: true } }),
  enabled: !!clientId && enabled,
});
/** The folder tree (the side tree and the editor's destinations). */
export const useFolderTree = (clientId: string | null, enabled = true) => useQuery(articleFullTreeQueryOptions(clientId, enabled));
