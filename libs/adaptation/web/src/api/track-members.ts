import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adaptationRoutes } from '@intranet/adaptation-contract';
import { routeQuery } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** Adaptations shown per page of the participants tab. */
export const MEMBERS_PER_PAGE = 20;
/** GET api/adaptation/track/{id}/members (HR): the adaptations on a track, newest first. */
export const trackMembersQueryOptions = (trackId: string, page: number) =>
  routeQuery(adaptationKeys.members(trackId, page), adaptationRoutes.trackMembers, { params: { id: trackId }, query: { page, limit: MEMBERS_PER_PAGE } });
/** A page of the track's adaptations. */
export const useTrackMembers = (trackId: string, page: number) => useQuery({ ...trackMembersQueryOptions(trackId, page), placeholderData: keepPreviousData });
