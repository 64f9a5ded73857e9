/** Web pages of the calendar domain (DESIGN §3), exposed to the shell by apps/calendar-web. */
export { CalendarPage } from './CalendarPage.tsx';
export { EventsWidget, FeedMenu } from './widgets.tsx';
