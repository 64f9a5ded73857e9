import { calendarRoutes } from '@intranet/calendar-contract';
import { call, routeQuery } from '@intranet/web-api';
import { calendarKeys } from './keys.ts';

/** GET api/event/{id} (§7 Events): one occurrence (of a series the one dated `occurrence`, else the next one). */
export const eventGetQueryOptions = (id: string, occurrence: string | null) =>
  routeQuery([...calendarKeys.all, 'event'], calendarRoutes.eventGet, { params: { id }, query: occurrence ? { occurrence } : {} });

/** The occurrence a notification's link (?event=&occurrence=) opens, read once (not cached: the link may be stale). */
export const getEvent = (id: string, occurrence: string | null, signal: AbortSignal) =>
  call(calendarRoutes.eventGet, { params: { id }, query: occurrence ? { occurrence } : {}, signal, silent: true });
