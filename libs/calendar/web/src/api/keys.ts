/**
 * The calendar's query keys (issue 31 §1): the only place they are written. `routeQuery` appends each call's params
 * and query, so a prefix here invalidates every range, widget or feed read under it.
 */
export const calendarKeys = {
  all: ['calendar'] as const,
  /** Occurrence reads of a date range (the page's and the widget's). */
  ranges: () => [...calendarKeys.all, 'range'] as const,
  /** The page's range reads (GET api/event/byClient/{id}). */
  range: () => [...calendarKeys.ranges(), 'client'] as const,
  /** The wall widget's reads of the caller's own occurrences (GET api/user/{clientId}/events/access_for/{userId}). */
  widget: () => [...calendarKeys.ranges(), 'widget'] as const,
  /** The caller's private .ics link. */
  feed: () => [...calendarKeys.all, 'feed'] as const,
  /** The members picker's address-book search by workspace and typed text. */
  people: (workspace: string, search: string) => [...calendarKeys.all, 'people', workspace, search] as const,
};
