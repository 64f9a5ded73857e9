import { Inject, Injectable } from '@nestjs/common';
import type { RouteInput } from '@intranet/platform-contracts';
import { SSO_ERRORS, SSO_PROVIDER_NAMES, ssoRoutes, type SsoProviderName, type SsoSetting } from '@intranet/people-contract/sso';
import { sha256 } from '@intranet/platform-auth';
import type { RequestContext } from '@intranet/platform-bus';
import { openSecret, sealSecret, secretsKey, type Config } from '@intranet/platform-config';
import { uuidv7 } from '@intranet/platform-db';
import type { Database } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import { PORTS, type Logger } from '@intranet/platform-host';
import type { Configuration } from 'openid-client';
import { AuthService } from './auth.service.ts';
import { publicUrl } from './password-reset.jobs.ts';
import { ClientsPort } from './clients-port.ts';
import { clientLang, initialRoles } from './use-cases/new-users.ts';
import type { SsoProviderRow, UserRow } from './schema.ts';
import { SsoRepository } from './sso.repository.ts';
import { UserChanges } from './user-changes.service.ts';
import { UsersRepository } from './users.repository.ts';
import { toUser } from './mapping.ts';

/** openid-client, imported on the first SSO call rather than at start-up (issue 39: ≈ 90 ms of every portal start). */
const openidClient = () => import('openid-client');

type In<K extends keyof typeof ssoRoutes> = RouteInput<(typeof ssoRoutes)[K]>;

/** Lifetime of a started sign-in (ms): ten minutes between the provider page and the callback. */
export const SSO_REQUEST_TTL_MS = 10 * 60 * 1000;

/** The ID token claims single sign-on reads (OpenID Connect core, Microsoft `tid`, Google `hd`). */
interface Claims {
  email?: unknown;
  email_verified?: unknown;
  preferred_username?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
  picture?: unknown;
  tid?: unknown;
  hd?: unknown;
}

/**
 * A provider as a sign-in uses it: a client's row (secret sealed) or the installation's configuration (SSO_*
 * variables; `installation`), which every client without its own row offers.
 */
interface Resolved {
  provider: SsoProviderName;
  issuer: string;
  oauthClientId: string;
  secret: string | undefined;
  domain: string | null;
  allowCreate: boolean;
  installation: boolean;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * Single sign-on with OpenID Connect (issue 37): authorization code flow with PKCE, state and nonce through
 * openid-client, against each client's provider (its administrator's settings, the secret sealed at rest). The
 * identity is matched to an employee of that workspace by verified e-mail; §8 deleted/blocked answers as sign-in.
 */
@Injectable()
export class SsoService {
  private sealKey: Buffer | undefined;
  /** Discovered provider configurations by issuer, client id and secret (discovery is one HTTP round trip). */
  private readonly configs = new Map<string, Promise<Configuration>>();

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.config) private readonly config: Config,
    @Inject(PORTS.log) private readonly log: Logger,
    private readonly auth: AuthService,
    private readonly clients: ClientsPort,
    private readonly repo: SsoRepository,
    private readonly users: UsersRepository,
    private readonly changes: UserChanges,
  ) {
    // The key is derived on first use: a production process without SECRETS_KEY still starts (deploy files give it
    // to clients-service only) and refuses only the sealed client secrets of the providers.
    if (config.NODE_ENV === 'production' && !config.SECRETS_KEY)
      log.warn('SECRETS_KEY is not set: the client secrets of the providers cannot be stored or read');
  }

  /** The secrets-at-rest key (SECRETS_KEY), derived once on first use. */
  private get key(): Buffer {
    return (this.sealKey ??= secretsKey(this.config));
  }

  /** Where the providers send the browser back: the public /authorize route (§2). */
  redirectUri(): string {
    return `${publicUrl(this.config)}/authorize`;
  }

  /** GET api/sso/providers/{workspace}: the providers the workspace offers, its own or the installation's ([] for an unknown workspace). */
  async providers({ params }: In<'ssoProvidersList'>): Promise<SsoProviderName[]> {
    const client = await this.clients.byWorkspace(params.workspace).catch(() => undefined);
    if (!client) return [];
    const rows = await this.db.inTenant({ clientId: client._id }, (tx) => this.repo.list(tx, client._id));
    const own = new Set(rows.map((r) => r.provider));
    return SSO_PROVIDER_NAMES.filter((p) => own.has(p) || this.installationProvider(p)).sort();
  }

  /** The installation's provider `p` from the configuration (SSO_<P>_ISSUER, _CLIENT_ID, _SECRET, _DOMAIN), if set. */
  installationProvider(p: SsoProviderName): Resolved | undefined {
    const c = this.config;
    const [issuer, oauthClientId, secret, domain] =
      p === 'microsoft'
        ? [c.SSO_MICROSOFT_ISSUER, c.SSO_MICROSOFT_CLIENT_ID, c.SSO_MICROSOFT_SECRET, c.SSO_MICROSOFT_DOMAIN]
        : [c.SSO_GOOGLE_ISSUER, c.SSO_GOOGLE_CLIENT_ID, c.SSO_GOOGLE_SECRET, c.SSO_GOOGLE_DOMAIN];
    if (!issuer || !oauthClientId) return undefined;
    return { provider: p, issuer, oauthClientId, secret: secret || undefined, domain: domain || null, allowCreate: false, installation: true };
  }

  /** The provider `p` of `clientId`: its own row, else the installation's; undefined when neither is set. */
  private async resolve(clientId: string, p: SsoProviderName): Promise<Resolved | undefined> {
    const row = await this.db.inTenant({ clientId }, (tx) => this.repo.get(tx, clientId, p));
    if (!row) return this.installationProvider(p);
    const secret = row.secretSealed ? openSecret(this.key, row.secretSealed, `${row.clientId}:${row.provider}`) : undefined;
    return { provider: p, issuer: row.issuer, oauthClientId: row.oauthClientId, secret, domain: row.domain, allowCreate: row.allowCreate, installation: false };
  }

  /**
   * POST api/sso/start {provider, workspace} → { url }: stores a fresh state (hashed), nonce and PKCE verifier for
   * ten minutes and answers the provider's authorization URL. Errors: 404 unknown workspace, 404 ssoNotConfigured.
   */
  async start({ body }: In<'ssoStart'>): Promise<{ url: string }> {
    const client = await this.clients.byWorkspace(body.workspace);
    const row = await this.resolve(client._id, body.provider);
    if (!row) throw ssoError(SSO_ERRORS.ssoNotConfigured);
    const cfg = await this.discover(row);
    const oidc = await openidClient();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    await this.db.inTenant({ clientId: client._id }, (tx) =>
      this.repo.addRequest(tx, {
        stateHash: sha256(state),
        clientId: client._id,
        provider: body.provider,
        verifier,
        nonce,
        expiresAt: new Date(Date.now() + SSO_REQUEST_TTL_MS),
      }),
    );
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri(),
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    };
    if (row.provider === 'google' && row.domain) params.hd = row.domain;
    return { url: oidc.buildAuthorizationUrl(cfg, params).href };
  }

  /**
   * POST api/outlook/login or api/google/login {code, state} → { token, result, _id } (as POST api/login). The
   * state is taken once; the code is exchanged with its PKCE verifier and the ID token checked (issuer, audience,
   * signature, nonce). Errors: 400 ssoStateInvalid (unknown, used, expired or another provider's state); 401
   * ssoRefused (replayed or foreign code, wrong nonce or audience); 401 ssoEmailUnverified, ssoWrongDomain; 401 'No
   * user with this e-mail' (code noUserWithEmail) unless the administrator allows creating; 403 'User deleted',
   * 403 'Login blocked' (user or company).
   */
  async login(provider: SsoProviderName, { body }: In<'ssoOutlookLogin'>, ctx: RequestContext) {
    const request = await this.db.asSystem('sso state', (tx) => this.repo.takeRequest(tx, sha256(body.state)));
    if (!request || request.provider !== provider) throw ssoError(SSO_ERRORS.ssoStateInvalid);
    const clientId = request.clientId;
    const row = await this.resolve(clientId, provider);
    if (!row) throw ssoError(SSO_ERRORS.ssoNotConfigured);
    const claims = await this.exchange(row, body, request);
    const email = this.verifiedEmail(row, claims);
    const user = await this.employee(row, clientId, email, claims);
    return this.auth.startSession(user, ctx.ip);
  }

  /**
   * GET api/sso/settings: the caller's client's providers (no secret), then the installation's providers it has not
   * replaced (`installation: true`, read-only: its own setting replaces one, removing that brings it back).
   */
  async settings(_input: In<'ssoSettings'>, ctx: RequestContext): Promise<SsoSetting[]> {
    const clientId = this.tenant(ctx);
    const rows = await this.db.inTenant(ctx, (tx) => this.repo.list(tx, clientId));
    const own = new Set(rows.map((r) => r.provider));
    const inst = SSO_PROVIDER_NAMES.filter((p) => !own.has(p))
      .map((p) => this.installationProvider(p))
      .filter((r): r is Resolved => !!r)
      .map((r) => ({
        provider: r.provider,
        issuer: r.issuer,
        clientId: r.oauthClientId,
        hasSecret: !!r.secret,
        domain: r.domain,
        allowCreate: false,
        installation: true,
      }));
    return [...rows.map(toSetting), ...inst];
  }

  /** PUT api/sso/settings/{provider}: sets one provider; the secret is sealed (aad client id + provider), omitted keeps it. */
  async save({ params, body }: In<'ssoSettingsSave'>, ctx: RequestContext): Promise<SsoSetting> {
    const clientId = this.tenant(ctx);
    const row = await this.db.inTenant(ctx, async (tx) => {
      const old = await this.repo.get(tx, clientId, params.provider);
      const secretSealed = body.secret ? sealSecret(this.key, body.secret, `${clientId}:${params.provider}`) : (old?.secretSealed ?? null);
      return this.repo.upsert(tx, {
        clientId,
        provider: params.provider,
        issuer: body.issuer,
        oauthClientId: body.clientId,
        secretSealed,
        domain: body.domain || null,
        allowCreate: body.allowCreate,
      });
    });
    return toSetting(row);
  }

  /** DELETE api/sso/settings/{provider}. Errors: 404 when the provider was not set. */
  async remove({ params }: In<'ssoSettingsDelete'>, ctx: RequestContext): Promise<{ ok: true }> {
    const clientId = this.tenant(ctx);
    if (!(await this.db.inTenant(ctx, (tx) => this.repo.remove(tx, clientId, params.provider)))) throw Errors.notFound();
    return { ok: true };
  }

  private tenant(ctx: RequestContext): string {
    if (!ctx.clientId) throw Errors.forbidden();
    return ctx.clientId;
  }

  /** openid-client's configuration of a provider, discovered once per issuer, client id and secret. */
  private discover(row: Resolved): Promise<Configuration> {
    const secret = row.secret;
    const k = `${row.issuer}\n${row.oauthClientId}\n${sha256(secret ?? '')}`;
    let cfg = this.configs.get(k);
    if (!cfg) {
      const insecure = row.issuer.startsWith('http:') && this.config.NODE_ENV !== 'production';
      cfg = openidClient().then((oidc) =>
        oidc.discovery(
          new URL(row.issuer),
          row.oauthClientId,
          secret,
          secret ? undefined : oidc.None(),
          insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
        ),
      );
      cfg.catch(() => this.configs.delete(k));
      this.configs.set(k, cfg);
    }
    return cfg;
  }

  private async exchange(row: Resolved, body: { code: string; state: string; iss?: string }, request: { verifier: string; nonce: string }): Promise<Claims> {
    try {
      const cfg = await this.discover(row);
      const oidc = await openidClient();
      const url = new URL(this.redirectUri());
      url.searchParams.set('code', body.code);
      url.searchParams.set('state', body.state);
      if (body.iss) url.searchParams.set('iss', body.iss);
      const tokens = await oidc.authorizationCodeGrant(cfg, url, {
        pkceCodeVerifier: request.verifier,
        expectedState: body.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      return (tokens.claims() ?? {}) as Claims;
    } catch (err) {
      if (err instanceof DomainError) throw err;
      // The provider's reason (invalid_grant, a claim check) names no person; the code itself is never logged.
      this.log.warn(`sso ${row.provider} sign-in refused: ${(err as Error)?.name}: ${(err as { code?: string })?.code ?? ''} ${(err as Error)?.message}`);
      throw ssoError(SSO_ERRORS.ssoRefused);
    }
  }

  /** The identity's e-mail when verified, and in the configured Microsoft tenant or Google hosted domain. */
  private verifiedEmail(row: Resolved, c: Claims): string {
    if (row.domain) {
      const own = row.provider === 'microsoft' ? str(c.tid) : str(c.hd);
      if (own?.toLowerCase() !== row.domain.toLowerCase()) throw ssoError(SSO_ERRORS.ssoWrongDomain);
    }
    const email = str(c.email) ?? (row.provider === 'microsoft' && row.domain ? str(c.preferred_username) : undefined);
    // Microsoft sends no email_verified; an e-mail of the configured (administrator-owned) tenant counts as verified.
    const verified = c.email_verified === true || (row.provider === 'microsoft' && !!row.domain && c.email_verified === undefined);
    if (!email || !email.includes('@') || !verified) throw ssoError(SSO_ERRORS.ssoEmailUnverified);
    return email.toLowerCase();
  }

  /**
   * The employee of `clientId` with `email` (its Google picture refreshed, with evt.people.user.updated so other
   * services' projections show it where there is no avatar), or a new one when allowed (evt.people.user.created and
   * a journal entry by the new employee, in the same transaction).
   */
  private async employee(row: Resolved, clientId: string, email: string, c: Claims): Promise<UserRow> {
    const picture = row.provider === 'google' ? str(c.picture) : undefined;
    const found = await this.db.asSystem('sso sign-in lookup', async (tx) => {
      const [u] = await this.users.byEmail(tx, email, clientId);
      if (!u || !picture || u.googleImage === picture) return u;
      const changed = await this.users.update(tx, u.id, { googleImage: picture });
      if (changed) await this.changes.addUserEvent(tx, 'userUpdated', toUser(changed));
      return changed ?? u;
    });
    if (found) return found;
    if (!row.allowCreate) throw new DomainError('login_failed', 'No user with this e-mail', { code: 'noUserWithEmail' });
    const client = await this.clients.get(clientId);
    const [first, ...rest] = (str(c.name) ?? email.split('@')[0]).split(/\s+/);
    return this.db.inTenant({ clientId }, async (tx) => {
      const [u] = await this.users.insertMany(tx, [
        {
          id: uuidv7(),
          clientId,
          email,
          firstName: str(c.given_name) ?? first,
          lastName: str(c.family_name) ?? (rest.join(' ') || first),
          lang: clientLang(client),
          roles: initialRoles(client),
          googleImage: picture ?? null,
        },
      ]);
      if (!u) throw Errors.conflict('email', 'This e-mail is already taken', 'emailTaken');
      const user = toUser(u);
      await this.changes.addUserEvent(tx, 'userCreated', user);
      await this.changes.journalUser(tx, { id: user._id, name: user.fullName }, user, 'users', 'user.create', undefined, {
        email: user.email,
        roles: user.roles,
        sso: row.provider,
      });
      return u;
    });
  }
}

/** A single sign-on refusal with its stable code (kept whatever the HTTP kind), for the web's catalogues. */
function ssoError(def: (typeof SSO_ERRORS)[keyof typeof SSO_ERRORS]): DomainError {
  return new DomainError(def.kind ?? 'bad_request', def.text, { code: def.code });
}

function toSetting(r: SsoProviderRow): SsoSetting {
  return {
    provider: r.provider,
    issuer: r.issuer,
    clientId: r.oauthClientId,
    hasSecret: !!r.secretSealed,
    domain: r.domain,
    allowCreate: r.allowCreate,
    installation: false,
  };
}
