import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adaptationRoutes } from '@intranet/adaptation-contract';
import { routeQuery } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** Adaptations shown per page of "my adaptations". */
export const MINE_PER_PAGE = 20;
/** GET api/adaptation/list_for/{user_id}: the adaptations a person takes part in, with their roles in each. */
export const adaptationListForQueryOptions = (userId: string, page: number) =>
  routeQuery(adaptationKeys.listFor(userId, page), adaptationRoutes.adaptationListFor, { params: { user_id: userId }, query: { page, limit: MINE_PER_PAGE } });
/** A page of the person's adaptations. */
export const useAdaptationsFor = (userId: string, page: number) =>
  useQuery({ ...adaptationListForQueryOptions(userId, page), enabled: !!userId, placeholderData: keepPreviousData });
