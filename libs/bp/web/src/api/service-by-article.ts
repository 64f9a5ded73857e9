import { useQuery } from '@tanstack/react-query';
import { bpRoutes } from '@intranet/bp-contract';
import { routeQuery } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** GET /api/service/byArticle/{id} (§7 Services): the services the knowledge-base article `id` describes that the caller may start. */
export const serviceByArticleQueryOptions = (id: string) => routeQuery(bpKeys.byArticle(), bpRoutes.serviceByArticle, { params: { id } });
/** The services of article `id` (not fetched while `enabled` is false); no retry: the widget stays hidden on failure. */
export const useArticleServices = (id: string, enabled: boolean) => useQuery({ ...serviceByArticleQueryOptions(id), enabled, retry: false });
