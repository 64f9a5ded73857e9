import { access, routeRef, type RouteTarget } from '@intranet/platform-contracts/base';
import type { clientRoutes } from './routes.ts';

/**
 * Method, path, envelope and access of the client route the session layer calls on every page load (the signed-in
 * user's client): the route spreads it (index.ts), and `clientRefs` is it typed as the route, without the schemas,
 * so the shell's first load carries no zod (issue 8 §5).
 */
export const clientTargets = {
  clientGet: { method: 'GET', path: '/api/clients/{id}', envelope: 'result', access: access.authenticated },
} as const satisfies Record<string, RouteTarget>;

export const clientRefs = {
  clientGet: routeRef<(typeof clientRoutes)['clientGet']>(clientTargets.clientGet),
};
