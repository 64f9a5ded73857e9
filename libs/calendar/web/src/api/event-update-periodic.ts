import { calendarRoutes } from '@intranet/calendar-contract';
import type { RouteRequest } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/**
 * PUT api/event/periodic_event/{id} (§7 Events, §4 periodic events): change one occurrence, it and the following ones,
 * or the whole series (`body.scope`); answers the changed, deleted and added occurrences.
 */
export const updatePeriodicEvent = (id: string, body: NonNullable<RouteRequest<typeof calendarRoutes.eventUpdatePeriodic>['body']>, silent = false) =>
  call(calendarRoutes.eventUpdatePeriodic, { params: { id }, body, silent });
