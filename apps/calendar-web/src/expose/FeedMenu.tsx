/** Exposed as `calendar/FeedMenu` (libs/calendar/web): the .ics subscription link in the shell's user menu. */
export { FeedMenu as default } from '@intranet/calendar-web';
