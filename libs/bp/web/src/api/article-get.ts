import { useQuery } from '@tanstack/react-query';
import { kbRoutes } from '@intranet/kb-contract';
import { routeQuery } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** GET /api/article/{id} (the knowledge base's route): the article a service names, for its title. */
export const articleGetQueryOptions = (id: string) => routeQuery(bpKeys.article(id), kbRoutes.articleGet, { params: { id } });
/** The article `id` names (null: none, not fetched), kept a minute, not retried (a deleted one answers 404). */
export const useArticle = (id: string | null) => useQuery({ ...articleGetQueryOptions(id ?? ''), enabled: !!id, staleTime: 60_000, retry: false });
