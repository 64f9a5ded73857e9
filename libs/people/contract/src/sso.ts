import { defineCodes } from '@intranet/platform-errors';
import { access, defineRoute, requiredString, z, type RouteDef } from '@intranet/platform-contracts';
import { userSchema } from './schemas.ts';

/** The single sign-on providers (issue 37): Microsoft (§7 api/outlook/login) and Google (the "social login action"). */
export const SSO_PROVIDER_NAMES = ['microsoft', 'google'] as const;
export type SsoProviderName = (typeof SSO_PROVIDER_NAMES)[number];

/** Single sign-on error codes with their English texts (issue 37; worded in ru/uk/en by the web's catalogues). */
export const SSO_ERRORS = defineCodes('people', {
  ssoNotConfigured: { text: 'Sign-in with this provider is not set up for the workspace', kind: 'not_found' },
  ssoStateInvalid: { text: 'The sign-in link is invalid or expired, start again' },
  ssoRefused: { text: 'The identity provider did not confirm the sign-in', kind: 'unauthorized' },
  ssoEmailUnverified: { text: 'The identity has no verified e-mail', kind: 'unauthorized' },
  ssoWrongDomain: { text: 'This identity does not belong to the company', kind: 'unauthorized' },
});

const code = requiredString().max(4096);
const state = requiredString().max(200);
/** The callback's query as /authorize received it; `iss` (RFC 9207) when the provider sends it. */
const ssoLoginBody = z.object({ code, state, iss: z.string().max(500).optional() });
const ssoLoginResult = z.object({ token: z.string(), result: userSchema, _id: z.string() });
const ssoRate = { points: 20, seconds: 60 };

/** A client's provider settings as an administrator reads them: the secret never leaves the server. */
export const ssoSettingSchema = z.object({
  provider: z.enum(SSO_PROVIDER_NAMES),
  issuer: z.string(),
  clientId: z.string(),
  hasSecret: z.boolean(),
  domain: z.string().nullable(),
  allowCreate: z.boolean(),
  /** The installation's provider (configuration), offered while the client sets none of its own; read-only here. */
  installation: z.boolean(),
});
export type SsoSetting = z.infer<typeof ssoSettingSchema>;

/**
 * Single sign-on with OpenID Connect (issue 37, §7 POST api/outlook/login {code}; Google's route, which the spec
 * leaves unnamed, is POST api/google/login in the same style). The web starts with POST api/sso/start, follows the
 * answered URL to the provider, which returns to /authorize?code&state; /authorize posts {code, state} to the
 * provider's login route and lands on /company.
 */
export const ssoRoutes = {
  ssoProvidersList: defineRoute({
    method: 'GET',
    path: '/api/sso/providers/{workspace}',
    subject: 'people.sso.providersList',
    summary: 'The single sign-on providers a workspace offers (for the sign-in page)',
    spec: 'issue 37, §2 /login',
    access: access.public,
    params: z.object({ workspace: requiredString().max(30) }),
    result: z.array(z.enum(SSO_PROVIDER_NAMES)),
  }),
  ssoStart: defineRoute({
    method: 'POST',
    path: '/api/sso/start',
    subject: 'people.sso.start',
    summary: 'Start an OpenID Connect sign-in: the provider URL with state, nonce and PKCE challenge',
    spec: 'issue 37, §2 /authorize',
    access: access.public,
    body: z.object({ provider: z.enum(SSO_PROVIDER_NAMES), workspace: requiredString().max(30) }),
    result: z.object({ url: z.string() }),
    rateLimit: ssoRate,
  }),
  ssoOutlookLogin: defineRoute({
    method: 'POST',
    path: '/api/outlook/login',
    subject: 'people.sso.outlookLogin',
    summary: 'Sign in with the Microsoft identity returned to /authorize',
    spec: '§7 Environment and session, issue 37',
    access: access.public,
    envelope: 'raw',
    body: ssoLoginBody,
    result: ssoLoginResult,
    rateLimit: ssoRate,
  }),
  ssoGoogleLogin: defineRoute({
    method: 'POST',
    path: '/api/google/login',
    subject: 'people.sso.googleLogin',
    summary: 'Sign in with the Google identity returned to /authorize (the §7 social login action)',
    spec: '§7 Environment and session, issue 37',
    access: access.public,
    envelope: 'raw',
    body: ssoLoginBody,
    result: ssoLoginResult,
    rateLimit: ssoRate,
  }),
  ssoSettings: defineRoute({
    method: 'GET',
    path: '/api/sso/settings',
    subject: 'people.sso.settings',
    summary: "The caller's client's single sign-on provider settings (administrators)",
    spec: 'issue 37, §2 employee administration: integrations',
    access: access.admin,
    result: z.array(ssoSettingSchema),
  }),
  ssoSettingsSave: defineRoute({
    method: 'PUT',
    path: '/api/sso/settings/{provider}',
    subject: 'people.sso.settingsSave',
    summary: "Set one provider of the caller's client (the secret is stored encrypted; omitted keeps it)",
    spec: 'issue 37, §2 employee administration: integrations',
    access: access.admin,
    params: z.object({ provider: z.enum(SSO_PROVIDER_NAMES) }),
    body: z.object({
      issuer: requiredString().max(500).url(),
      clientId: requiredString().max(500),
      secret: z.string().max(2000).optional(),
      domain: z.string().trim().max(255).optional(),
      allowCreate: z.boolean().default(false),
    }),
    result: ssoSettingSchema,
  }),
  ssoSettingsDelete: defineRoute({
    method: 'DELETE',
    path: '/api/sso/settings/{provider}',
    subject: 'people.sso.settingsDelete',
    summary: "Remove one provider of the caller's client",
    spec: 'issue 37',
    access: access.admin,
    params: z.object({ provider: z.enum(SSO_PROVIDER_NAMES) }),
    result: z.object({ ok: z.boolean() }),
  }),
} as const satisfies Record<string, RouteDef>;
