/**
 * The social domain's API as data (DESIGN §4): posts, comments, likes, views, follows, thanks and birthdays (§7 Posts,
 * Comments, Follow, Clients), groups, ideas and violation reports, the §5/§8 texts and codes, and the events the
 * service publishes (evt.social.*). Split by kind: codes, schemas, routes, events (issue 30 §5).
 */
export * from './codes.ts';
export * from './schemas.ts';
export * from './group-schemas.ts';
export { socialRoutes } from './routes.ts';
export { groupRoutes, ideaRoutes } from './group-routes.ts';
export * from './events.ts';
