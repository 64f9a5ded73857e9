import { calendarRoutes } from '@intranet/calendar-contract';
import type { RouteRequest } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST api/event (§7 Events, §5 Event): a single event; field errors come back as an `ApiError` (§8). */
export const createEvent = (body: NonNullable<RouteRequest<typeof calendarRoutes.eventCreate>['body']>) => call(calendarRoutes.eventCreate, { body });
