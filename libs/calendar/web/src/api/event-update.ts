import { calendarRoutes } from '@intranet/calendar-contract';
import type { RouteRequest } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/**
 * PUT api/event/{id} (§7 Events, §5 Event): change a single event (its organiser or an administrator). `silent`: the
 * caller shows the error itself (a drag on the grid does, through its notifier).
 */
export const updateEvent = (id: string, body: NonNullable<RouteRequest<typeof calendarRoutes.eventUpdate>['body']>, silent = false) =>
  call(calendarRoutes.eventUpdate, { params: { id }, body, silent });
