import { useQuery } from '@tanstack/react-query';
import { kbRoutes } from '@intranet/kb-contract';
import { routeQuery } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** GET api/user/{client}/articles/access_for/{user}?search (knowledge base's route): articles the caller reads, by text. */
export const articleAccessForQueryOptions = (client: string, user: string, text: string) =>
  routeQuery(adaptationKeys.refs('article', text), kbRoutes.articleAccessFor, { params: { client, user }, query: { search: text, limit: 8 } });
/** Articles to point an article step to (asked once 2+ letters are typed). */
export const useArticlesFound = (client: string, user: string, text: string) =>
  useQuery({ ...articleAccessForQueryOptions(client, user, text), enabled: text.length >= 2 && !!client && !!user });
