import { useQuery } from '@tanstack/react-query';
import { pollsRoutes } from '@intranet/polls-contract';
import { routeQuery } from '@intranet/web-api';
import { pollKeys } from './keys.ts';

/** The /polls tab query: which tab, an optional search, the page and its size. */
export type PollListQuery = { tab: 'active' | 'passed' | 'mine'; search?: string; page?: number; limit?: number };

/**
 * GET /api/user/{clientId}/polls/access_for/{userId} (§7 Polls): the polls of one /polls tab with `canCreate`.
 * `clientId`/`userId` null while the session is not known (the query waits).
 */
export const pollAccessForQueryOptions = (clientId: string | null, userId: string | null, query: PollListQuery) => ({
  ...routeQuery(pollKeys.list(), pollsRoutes.pollAccessFor, { params: { clientId: clientId ?? '', userId: userId ?? '' }, query }),
  enabled: !!clientId && !!userId,
});
/** The caller's polls of one tab (the /polls list and the wall widget). */
export const usePollList = (clientId: string | null, userId: string | null, query: PollListQuery) =>
  useQuery(pollAccessForQueryOptions(clientId, userId, query));
