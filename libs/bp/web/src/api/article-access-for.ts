import { useQuery } from '@tanstack/react-query';
import { kbRoutes } from '@intranet/kb-contract';
import { routeQuery } from '@intranet/web-api';
import { bpKeys } from './keys.ts';

/** GET /api/user/{client}/articles/access_for/{user}?search&section=kb&limit=20 (the knowledge base's route): articles the user may read. */
export const articleAccessForQueryOptions = (client: string, user: string, search: string) =>
  routeQuery(bpKeys.articles(), kbRoutes.articleAccessFor, { params: { client, user }, query: { search, section: 'kb', limit: 20 } });
/** Articles matching `search` (fetched from 2 symbols, with a known client and user). */
export const useArticleSearch = (client: string | null, user: string | null, search: string) =>
  useQuery({ ...articleAccessForQueryOptions(client ?? '', user ?? '', search), enabled: search.length >= 2 && !!client && !!user });
