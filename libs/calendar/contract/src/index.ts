/**
 * The calendar domain's API as data (DESIGN §4): the §7 Events routes, the .ics download and the per-user .ics feed,
 * the §3 Event shapes with the §5 texts, and the events the service publishes (evt.calendar.event.*).
 * Split by kind: codes, schemas, routes, events (issue 30 §5).
 */
export * from './codes.ts';
export * from './schemas.ts';
export { calendarRoutes } from './routes.ts';
export * from './events.ts';
