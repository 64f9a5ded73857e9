import { access, routeRef } from '@intranet/platform-contracts/base';
import type { clientRoutes } from './index.ts';

/**
 * The client routes the session layer calls on every page load (the signed-in user's client), written out without
 * their schemas so the shell's first load carries no zod (issue 8 §5). Typed as the contract's routes; the
 * contract's spec checks each against its route.
 */
export const clientRefs = {
  get: routeRef<(typeof clientRoutes)['get']>({ method: 'GET', path: '/api/clients/{id}', envelope: 'result', access: access.authenticated }),
};
