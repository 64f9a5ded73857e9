import { useQuery } from '@tanstack/react-query';
import { kbRoutes } from '@intranet/kb-contract';
import { call, routeQuery } from '@intranet/web-api';
import { kbKeys } from './keys.ts';

/** GET api/article/{id} (§7 Articles): one article, folder, file node or vacancy with its grants. `id` null: no query. */
export const articleGetQueryOptions = (id: string | null | undefined) => ({
  ...routeQuery(kbKeys.article(id ?? ''), kbRoutes.articleGet, { params: { id: id ?? '' } }),
  enabled: !!id,
});
/** The article behind a page (403 'No access' and 404 are not retried). */
export const useArticleQuery = (id: string | null | undefined, opts: { retry?: boolean } = {}) => useQuery({ ...articleGetQueryOptions(id), ...opts });
/** One article fetched once, outside the cache (the rights dialog reads its current grants). */
export const getArticle = (id: string) => call(kbRoutes.articleGet, { params: { id }, silent: true });
