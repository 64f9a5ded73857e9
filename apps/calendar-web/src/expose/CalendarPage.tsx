/** Exposed as `calendar/CalendarPage` (libs/calendar/web). */
export { CalendarPage as default } from '@intranet/calendar-web';
