/**
 * The chat domain's API as data (DESIGN §4): §3 Chat room and Chat message, §7 Chat routes and the routes the spec
 * does not show by path (one room, seen, typing, leaving, editing and deleting a message), in the same style, and
 * the events the gateway relays to the members' sockets (every chat event names its audience in `audience`: the
 * room's members at the moment of the change, so leaving or removal stops delivery at once).
 */
export * from './codes.ts';
export * from './schemas.ts';
export * from './routes.ts';
export * from './events.ts';
