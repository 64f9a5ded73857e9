import { access, routeRef } from '@intranet/platform-contracts/base';
import type { fileRoutes } from './index.ts';

/**
 * The file routes the session layer calls on every page load (the download cookie), written out without their
 * schemas so the shell's first load carries no zod (issue 8 §5). Typed as the contract's routes; the contract's spec
 * checks each against its route.
 */
export const fileRefs = {
  session: routeRef<(typeof fileRoutes)['session']>({ method: 'PUT', path: '/api/files/session', envelope: 'result', access: access.authenticated }),
};
