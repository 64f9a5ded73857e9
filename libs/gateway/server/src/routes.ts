import { discoverRoutes } from '@intranet/platform-host';

/**
 * Every §7 route the gateway serves and the events it relays to the browsers of the event's workspace (§4 Realtime
 * socket), with the rules for batching them, discovered from the contracts' manifests (package.json "intranet"): a new domain needs no edit here.
 */
export const { routes: allRoutes, realtimeSubjects, realtimeBatch } = await discoverRoutes();
