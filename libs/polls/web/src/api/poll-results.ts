import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pollsRoutes } from '@intranet/polls-contract';
import { routeQuery } from '@intranet/web-api';
import { pollKeys } from './keys.ts';

/** GET /api/poll/{id}/results (§7 Polls, §6): the results the caller may see, the answers table at `page` of `limit`. */
export const pollResultsQueryOptions = (id: string, page: number, limit: number) =>
  routeQuery(pollKeys.results(id), pollsRoutes.pollResults, { params: { id }, query: { page, limit } });
/** The results behind /poll/:id/results; the previous page stays shown while the next one loads. */
export const usePollResults = (id: string, page: number, limit: number) =>
  useQuery({ ...pollResultsQueryOptions(id, page, limit), placeholderData: keepPreviousData });
