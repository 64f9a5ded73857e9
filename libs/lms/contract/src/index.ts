/** The lms domain's API as data (DESIGN §4): learning (courses, lessons, tests, progress) and IDP. */
export * from './codes.ts';
export * from './events.ts';
export * from './routes.ts';
export * from './schemas.ts';
