/**
 * The adaptation domain's API as data (DESIGN §4): §3 Adaptation track, the §7 Adaptation routes (exact paths),
 * the generic module calls of module `track`, the §5/§8 codes and texts, and the events.
 */
export * from './codes.ts';
export * from './schemas.ts';
export * from './routes.ts';
export * from './events.ts';
