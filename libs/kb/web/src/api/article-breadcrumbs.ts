import { useQuery } from '@tanstack/react-query';
import { kbRoutes } from '@intranet/kb-contract';
import { routeQuery } from '@intranet/web-api';
import { kbKeys } from './keys.ts';

/** GET api/article/breadcrumbs/{id} (§7 Articles): the path from the root to `id`. `id` null: no query. */
export const articleBreadcrumbsQueryOptions = (id: string | null | undefined) => ({
  ...routeQuery(kbKeys.crumbs(id ?? ''), kbRoutes.articleBreadcrumbs, { params: { id: id ?? '' } }),
  enabled: !!id,
});
/** The breadcrumbs of a node (the page's trail and the tree's revealed path share this cache entry). */
export const useBreadcrumbs = (id: string | null | undefined) => useQuery(articleBreadcrumbsQueryOptions(id));
