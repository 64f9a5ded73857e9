import { matchPath } from 'react-router';

/**
 * §2 navigation rules as plain functions (the route table in routes.tsx and the API listeners in App.tsx apply
 * them), so they can be unit-tested without rendering.
 */

/** §2 public routes: open without a session, never remembered as the wanted path. */
export const PUBLIC_ROUTES = {
  login: '/login',
  loginWorkspace: '/login_new',
  authorize: '/authorize',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
} as const;

/** Where the guard and an ended session send the visitor (§2). */
export const LOGIN_PATH = '/login';
/** Where a user without the role a route needs is sent (§2: "others go to the wall"). */
export const ROLE_FALLBACK_PATH = '/company';

/**
 * True when `pathname` is one of the §2 public routes (trailing slash and letter case ignored, as the router
 * matches them).
 */
export function isPublicPath(pathname: string): boolean {
  return Object.values(PUBLIC_ROUTES).some((path) => matchPath({ path, caseSensitive: false, end: true }, pathname) !== null);
}

/**
 * Whether a visit to `pathname` is remembered when the visitor is sent to /login (§2: "the wanted path is
 * remembered and used after login"): never the root (it resolves to the start page anyway) nor a public route.
 */
export function shouldRememberPath(pathname: string): boolean {
  return pathname !== '/' && !isPublicPath(pathname);
}

/**
 * Where to go when the API ends the session (401 or 403 'Login blocked', §8): /login from the guarded area;
 * null on a public route, which stays where it is (§2: reset-password is exempt from the login redirect; a
 * stale token must not move a visitor off the workspace sign-in page either).
 */
export function sessionEndedRedirect(pathname: string): string | null {
  return isPublicPath(pathname) ? null : LOGIN_PATH;
}

/** A role some §2 routes need. Admin rights also hold for the superadmin (§6). */
export type RequiredRole = 'admin' | 'superadmin';

/** §2 routes for one role only: /employees for admins, /clients and /app for the superadmin (and /admin). */
export const ROLE_ROUTES = {
  employees: 'admin',
  clients: 'superadmin',
  app: 'superadmin',
  admin: 'admin',
} as const satisfies Record<string, RequiredRole>;

/** Whether a user with these flags may open a route needing `role`. */
export function roleAllows(role: RequiredRole, user: { isAdmin: boolean; isSuperadmin: boolean }): boolean {
  return role === 'superadmin' ? user.isSuperadmin : user.isAdmin || user.isSuperadmin;
}
