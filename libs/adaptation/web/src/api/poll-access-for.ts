import { useQuery } from '@tanstack/react-query';
import { pollsRoutes } from '@intranet/polls-contract';
import { routeQuery } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** GET api/user/{clientId}/polls/access_for/{userId}?tab=mine&search (polls' route): the polls HR manages, by name. */
export const pollAccessForQueryOptions = (clientId: string, userId: string, text: string) =>
  routeQuery(adaptationKeys.refs('poll', text), pollsRoutes.pollAccessFor, {
    params: { clientId, userId },
    query: { tab: 'mine', search: text, page: 1, limit: 8 },
  });
/** Polls to point a poll step to (asked once 2+ letters are typed). */
export const usePollsFound = (clientId: string, userId: string, text: string) =>
  useQuery({ ...pollAccessForQueryOptions(clientId, userId, text), enabled: text.length >= 2 && !!clientId && !!userId });
