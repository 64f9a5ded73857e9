import { useQuery } from '@tanstack/react-query';
import { calendarRoutes } from '@intranet/calendar-contract';
import { routeQuery } from '@intranet/web-api';
import { calendarKeys } from './keys.ts';
import type { DateRange } from './event-by-client.ts';

/** GET api/user/{clientId}/events/access_for/{userId} (§7 Users): the occurrences `userId` takes part in within `range`. */
export const eventAccessForQueryOptions = (clientId: string, userId: string, range: DateRange, tz: string) =>
  routeQuery(calendarKeys.widget(), calendarRoutes.eventAccessFor, { params: { clientId, userId }, query: { ...range, tz } });

/** The wall widget's occurrences of the caller (nothing is asked without a client or user). */
export const useMyEvents = (clientId: string | null, userId: string | null, range: DateRange, tz: string) =>
  useQuery({ ...eventAccessForQueryOptions(clientId ?? '', userId ?? '', range, tz), enabled: !!clientId && !!userId });
