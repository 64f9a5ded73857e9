import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { socialRoutes, type IdeaStatus } from '@intranet/social-contract';
import { routeQuery } from '@intranet/web-api';
import { socialKeys } from './keys.ts';

/** GET api/idea (§3 Idea): ideas newest first, every idea of the client (`all`, admins) or the caller's own; by status. */
export const ideaListQueryOptions = (all: boolean, status: IdeaStatus | '', page: number) =>
  routeQuery(socialKeys.ideas(), socialRoutes.ideaList, { query: { page, status: status || undefined, mine: all ? undefined : '1' } });
/** A page of ideas; the last page stays while the next loads. */
export const useIdeas = (all: boolean, status: IdeaStatus | '', page: number) =>
  useQuery({ ...ideaListQueryOptions(all, status, page), placeholderData: keepPreviousData });
