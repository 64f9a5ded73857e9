import { calendarRoutes } from '@intranet/calendar-contract';
import type { RouteRequest } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST api/event/periodic_event (§7 Events, §5 Event): a repeating event (RRULE from `repeat`). */
export const createPeriodicEvent = (body: NonNullable<RouteRequest<typeof calendarRoutes.eventCreatePeriodic>['body']>) =>
  call(calendarRoutes.eventCreatePeriodic, { body });
