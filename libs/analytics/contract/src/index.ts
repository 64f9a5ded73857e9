/**
 * The analytics domain's API as data (DESIGN §4): §7 Analytics and Mood routes, codes and events.
 * Reports are for the client's administrators; mood statistics are aggregates only (never one person's rating).
 */
export * from './codes.ts';
export * from './schemas.ts';
export * from './routes.ts';
