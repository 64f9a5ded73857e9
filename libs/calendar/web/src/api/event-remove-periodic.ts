import { calendarRoutes, type SeriesScope } from '@intranet/calendar-contract';
import { call } from '@intranet/web-api';

/**
 * DELETE api/event/periodic_event/{id} (§7 Events): cancel one occurrence (its RECURRENCE-ID date `occurrence`), it and
 * the following ones, or the whole series, as `scope` says.
 */
export const removePeriodicEvent = (id: string, scope: SeriesScope | null, occurrence: string | null) =>
  call(calendarRoutes.eventRemovePeriodic, {
    params: { id },
    query: { all: scope === 'all' ? 'true' : 'false', following: scope === 'following' ? 'true' : 'false', occurrence: occurrence ?? undefined },
  });
