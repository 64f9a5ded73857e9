import { access, routeRef } from '@intranet/platform-contracts/base';
import type { peopleRoutes } from './index.ts';

type Routes = typeof peopleRoutes;

/**
 * The people routes the shell and the session layer call on every page load (sign-in, sign-out, the current user,
 * the language switch), written out without their schemas so the shell's first load carries no zod (issue 8 §5,
 * DESIGN §10). `call(peopleRefs.login, …)` is typed as `call(peopleRoutes.login, …)`; sign-in.spec checks
 * each against its route.
 */
export const peopleRefs = {
  login: routeRef<Routes['login']>({ method: 'POST', path: '/api/login', envelope: 'raw', access: access.public }),
  loginPage: routeRef<Routes['loginPage']>({ method: 'POST', path: '/api/loginPage', envelope: 'raw', access: access.public }),
  logout: routeRef<Routes['logout']>({ method: 'POST', path: '/api/logout', envelope: 'result', access: access.authenticated }),
  get: routeRef<Routes['get']>({ method: 'GET', path: '/api/user/{id}', envelope: 'result', access: access.authenticated }),
  update: routeRef<Routes['update']>({ method: 'PUT', path: '/api/user/{id}', envelope: 'result', access: access.authenticated }),
};
