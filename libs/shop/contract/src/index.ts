/**
 * The shop domain's API as data (DESIGN §4): §3 shop settings, item, achievement, accrual, balance, auto-accrual;
 * the §7 Shop routes (exact paths) plus the statistics' Excel export; the §5 texts and the events.
 */
export * from './codes.ts';
export * from './schemas.ts';
export * from './routes.ts';
export * from './events.ts';
