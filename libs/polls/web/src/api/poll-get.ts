import { useQuery } from '@tanstack/react-query';
import { pollsRoutes } from '@intranet/polls-contract';
import { routeQuery } from '@intranet/web-api';
import { pollKeys } from './keys.ts';

/** GET /api/poll/{id} (§7 Polls): the poll behind /poll/:id with the caller's own answer. `id` null: no query. */
export const pollGetQueryOptions = (id: string | null) => ({
  ...routeQuery(pollKeys.poll(id ?? ''), pollsRoutes.pollGet, { params: { id: id ?? '' } }),
  enabled: !!id,
});
/** The poll behind /poll/:id (or the one /poll/new?edit={id} edits). */
export const usePoll = (id: string | null) => useQuery(pollGetQueryOptions(id));
