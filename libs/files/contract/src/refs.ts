import { access, routeRef, type RouteTarget } from '@intranet/platform-contracts/base';
import type { fileRoutes } from './index.ts';

/**
 * Method, path, envelope and access of the file route the session layer calls on every page load (the download
 * cookie): the route spreads it (index.ts), and `fileRefs` is it typed as the route, without the schemas, so the
 * shell's first load carries no zod (issue 8 §5).
 */
export const fileTargets = {
  fileSession: { method: 'PUT', path: '/api/files/session', envelope: 'result', access: access.authenticated },
} as const satisfies Record<string, RouteTarget>;

export const fileRefs = {
  fileSession: routeRef<(typeof fileRoutes)['fileSession']>(fileTargets.fileSession),
};
