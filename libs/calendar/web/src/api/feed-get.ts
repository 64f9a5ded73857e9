import { useQuery } from '@tanstack/react-query';
import { calendarRoutes } from '@intranet/calendar-contract';
import { routeQuery } from '@intranet/web-api';
import { calendarKeys } from './keys.ts';

/** GET api/event/feed (§7 Events .ics feed): the caller's private subscription link, or nulls when none is issued. */
export const feedGetQueryOptions = () => routeQuery(calendarKeys.feed(), calendarRoutes.feedGet);
/** The caller's .ics link. */
export const useIcsFeed = () => useQuery(feedGetQueryOptions());
