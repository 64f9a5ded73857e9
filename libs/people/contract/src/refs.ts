import { access, routeRef, type RouteTarget } from '@intranet/platform-contracts/base';
import type { peopleRoutes } from './routes.ts';

type Routes = typeof peopleRoutes;

/**
 * Method, path, envelope and access of the people routes the shell and the session layer call on every page load
 * (sign-in, sign-out, the current user, the language switch): the routes spread them (index.ts), and `peopleRefs`
 * are the same targets typed as their routes, without the schemas, so the shell's first load carries no zod (issue
 * 8 §5, DESIGN §10).
 */
export const peopleTargets = {
  authLogin: { method: 'POST', path: '/api/login', envelope: 'raw', access: access.public },
  authLoginPage: { method: 'POST', path: '/api/loginPage', envelope: 'raw', access: access.public },
  authLogout: { method: 'POST', path: '/api/logout', envelope: 'result', access: access.authenticated },
  userGet: { method: 'GET', path: '/api/user/{id}', envelope: 'result', access: access.authenticated },
  userUpdate: { method: 'PUT', path: '/api/user/{id}', envelope: 'result', access: access.authenticated },
} as const satisfies Record<string, RouteTarget>;

/** `call(peopleRefs.authLogin, …)` is typed as `call(peopleRoutes.authLogin, …)`. */
export const peopleRefs = {
  authLogin: routeRef<Routes['authLogin']>(peopleTargets.authLogin),
  authLoginPage: routeRef<Routes['authLoginPage']>(peopleTargets.authLoginPage),
  authLogout: routeRef<Routes['authLogout']>(peopleTargets.authLogout),
  userGet: routeRef<Routes['userGet']>(peopleTargets.userGet),
  userUpdate: routeRef<Routes['userUpdate']>(peopleTargets.userUpdate),
};
