import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { kbRoutes } from '@intranet/kb-contract';
import type { z } from '@intranet/platform-contracts';
import { routeQuery } from '@intranet/web-api';
import { kbKeys } from './keys.ts';

/** The list query of GET api/user/{client}/articles/access_for/{user}: section, parent, search, tags, favourites, fields. */
export type ArticleListQuery = z.input<typeof kbRoutes.articleAccessFor.query>;

/**
 * GET api/user/{client}/articles/access_for/{user} (§7 Articles): the items the user may read, filtered by `query`.
 * `clientId`/`uid` null while the session is not known (the query waits).
 */
export const articleAccessForQueryOptions = (clientId: string | null, uid: string | null, query: ArticleListQuery) => ({
  ...routeQuery(kbKeys.list(), kbRoutes.articleAccessFor, { params: { client: clientId ?? '', user: uid ?? '' }, query }),
  enabled: !!clientId && !!uid,
});
/** A list of readable items; the previous list stays shown while a new search loads. */
export const useArticleList = (clientId: string | null, uid: string | null, query: ArticleListQuery) =>
  useQuery({ ...articleAccessForQueryOptions(clientId, uid, query), placeholderData: keepPreviousData });
