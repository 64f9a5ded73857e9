import { access, routeRef } from '@intranet/platform-contracts/base';
import type { ssoRoutes } from './sso.ts';

type Routes = typeof ssoRoutes;

/**
 * The single sign-on routes the shell's sign-in and /authorize pages call, typed as their routes without the
 * schemas (the shell's first load carries no zod; issue 8 §5). sso.spec compares them with `ssoRoutes`.
 */
export const ssoRefs = {
  ssoProvidersList: routeRef<Routes['ssoProvidersList']>({ method: 'GET', path: '/api/sso/providers/{workspace}', envelope: 'result', access: access.public }),
  ssoStart: routeRef<Routes['ssoStart']>({ method: 'POST', path: '/api/sso/start', envelope: 'result', access: access.public }),
  ssoOutlookLogin: routeRef<Routes['ssoOutlookLogin']>({ method: 'POST', path: '/api/outlook/login', envelope: 'raw', access: access.public }),
  ssoGoogleLogin: routeRef<Routes['ssoGoogleLogin']>({ method: 'POST', path: '/api/google/login', envelope: 'raw', access: access.public }),
};

/** Where the shell keeps the provider of the sign-in under way (session storage) until /authorize. */
export const SSO_PROVIDER_KEY = 'intranet.sso.provider';
