import { access, routeRef, type RouteTarget } from '@intranet/platform-contracts/base';
import type { peopleRoutes } from './index.ts';

type Routes = typeof peopleRoutes;

/**
 * Method, path, envelope and access of the people routes the shell and the session layer call on every page load
 * (sign-in, sign-out, the current user, the language switch): the routes spread them (index.ts), and `peopleRefs`
 * are the same targets typed as their routes, without the schemas, so the shell's first load carries no zod (issue
 * 8 §5, DESIGN §10).
 */
export const peopleTargets = {
  login: { method: 'POST', path: '/api/login', envelope: 'raw', access: access.public },
  loginPage: { method: 'POST', path: '/api/loginPage', envelope: 'raw', access: access.public },
  logout: { method: 'POST', path: '/api/logout', envelope: 'result', access: access.authenticated },
  get: { method: 'GET', path: '/api/user/{id}', envelope: 'result', access: access.authenticated },
  update: { method: 'PUT', path: '/api/user/{id}', envelope: 'result', access: access.authenticated },
} as const satisfies Record<string, RouteTarget>;

/** `call(peopleRefs.login, …)` is typed as `call(peopleRoutes.login, …)`. */
export const peopleRefs = {
  login: routeRef<Routes['login']>(peopleTargets.login),
  loginPage: routeRef<Routes['loginPage']>(peopleTargets.loginPage),
  logout: routeRef<Routes['logout']>(peopleTargets.logout),
  get: routeRef<Routes['get']>(peopleTargets.get),
  update: routeRef<Routes['update']>(peopleTargets.update),
};
