import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adaptationRoutes } from '@intranet/adaptation-contract';
import { routeQuery } from '@intranet/web-api';
import { adaptationKeys } from './keys.ts';

/** Tracks shown per page of the HR list. */
export const TRACKS_PER_PAGE = 20;
/** GET api/track (generic module call, module `track`; HR): the client's tracks, newest first, with state and counts. */
export const trackListQueryOptions = (page: number) =>
  routeQuery(adaptationKeys.tracks(page), adaptationRoutes.trackList, { query: { page, limit: TRACKS_PER_PAGE } });
/** A page of the client's tracks; `enabled` false (no `adaptation` right) asks nothing. */
export const useTracks = (page: number, enabled = true) => useQuery({ ...trackListQueryOptions(page), enabled, placeholderData: keepPreviousData });
