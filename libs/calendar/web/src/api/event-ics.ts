import { calendarRoutes } from '@intranet/calendar-contract';
import { call } from '@intranet/web-api';

/** GET api/event/{id}/ics (§7 Events .ics download): the event (a series with its exceptions) as iCalendar text. */
export const eventIcs = (id: string) => call(calendarRoutes.eventIcs, { params: { id } });
