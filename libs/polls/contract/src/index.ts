/**
 * The polls domain's API as data (DESIGN §4): §3 Poll, the §7 Polls routes (exact paths) plus the answer route the
 * spec does not show (POST api/poll/{_id}/answer), the §5 texts and the events. Recipients are the knowledge base's
 * §6 access grant targets (all, all heads, head, position, department, city, working time, chosen people): the
 * same `grantSchema` (a recipient is anyone a grant gives read or write).
 */
export * from './codes.ts';
export * from './schemas.ts';
export * from './routes.ts';
export * from './events.ts';
