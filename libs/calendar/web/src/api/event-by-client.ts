import { useQuery } from '@tanstack/react-query';
import { calendarRoutes } from '@intranet/calendar-contract';
import { routeQuery } from '@intranet/web-api';
import { calendarKeys } from './keys.ts';

/** A local date range (YYYY-MM-DD, `to` exclusive) in zone `tz`. */
export type DateRange = { from: string; to: string };

/** GET api/event/byClient/{id} (§7 Events): the occurrences of client `clientId` in `range` the caller may see. */
export const eventByClientQueryOptions = (clientId: string, range: DateRange, tz: string) =>
  routeQuery(calendarKeys.range(), calendarRoutes.eventByClient, { params: { id: clientId }, query: { ...range, tz } });

/** The calendar page's occurrences; the previous range stays shown while the next one loads. */
export const useClientEvents = (clientId: string, range: DateRange, tz: string) =>
  useQuery({ ...eventByClientQueryOptions(clientId, range, tz), enabled: !!clientId, placeholderData: (prev) => prev });
