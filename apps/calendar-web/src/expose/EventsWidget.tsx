/** Exposed as `calendar/EventsWidget` (libs/calendar/web): the wall's "events" widget. */
export { EventsWidget as default } from '@intranet/calendar-web';
