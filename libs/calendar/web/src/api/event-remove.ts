import { calendarRoutes } from '@intranet/calendar-contract';
import { call } from '@intranet/web-api';

/** DELETE api/event/{id} (§7 Events): delete an event (a whole series); §8 event delete error on failure. */
export const removeEvent = (id: string) => call(calendarRoutes.eventRemove, { params: { id } });
