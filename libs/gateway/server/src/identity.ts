import { clientSubjects, type Client } from '@intranet/clients-contract';
import { peopleEvents, peopleSubjects, type SessionInfo } from '@intranet/people-contract';
import type { Bus, RequestContext } from '@intranet/platform-bus';
import { systemContext } from '@intranet/platform-bus';
import type { TokenPayload } from '@intranet/platform-auth';
import { DomainError, Errors } from '@intranet/platform-errors';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { createSecretKey } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TtlCache } from './ttl-cache.ts';

/**
 * Turns a request's bearer token into the RequestContext (DESIGN §5): passport-jwt verifies the JWT, the people
 * service confirms the session is live (cached 5 s, evicted at once by revocation and user events), the clients
 * service gives the tenant's status and workspace. The superadmin may select a workspace with X-COMPANY-ID.
 */
export class IdentityResolver {
  private readonly strategy: Strategy;
  private readonly sessions = new TtlCache<SessionInfo | null>(5_000);
  private readonly clients = new TtlCache<Client | null>(5_000);
  private readonly workspaces = new TtlCache<Client | null>(5_000);
  private readonly bus: Bus;
  private readonly inflight = new Map<string, Promise<SessionInfo | null>>();

  constructor(bus: Bus, jwtSecret: string) {
    this.bus = bus;
    this.strategy = new Strategy(
      // A KeyObject spares jsonwebtoken from trying the string as a public key on every request (4x faster).
      { jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: createSecretKey(Buffer.from(jwtSecret)) as never, algorithms: ['HS256'] },
      (payload: TokenPayload, done: (err: unknown, user?: TokenPayload | false) => void) => done(null, payload),
    );
  }

  /** Subscribes to the events that make cached identities stale. */
  async watch(): Promise<void> {
    await this.bus.subscribe<{ sessionIds?: string[]; userId?: string }>(peopleEvents.sessionRevoked, async (e) => {
      const ids = new Set(e.data.sessionIds ?? []);
      this.sessions.evict((k, v) => ids.has(k.split(':')[1]) || (!!e.data.userId && v?.userId === e.data.userId));
    });
    await this.bus.subscribe<{ _id?: string; bulk?: boolean }>('evt.people.user.*', async (e) => {
      if (e.data.bulk) this.sessions.evict((_k, v) => v?.clientId === e.clientId);
      else this.sessions.evict((k) => k.startsWith(`${e.data._id}:`));
    });
    await this.bus.subscribe<{ _id: string }>('evt.clients.client.*', async (e) => {
      this.clients.evict((k) => k === e.data._id);
      this.workspaces.clear();
    });
  }

  /** Verifies the bearer token; resolves the payload or null (absent, bad signature, expired). */
  verify(raw: IncomingMessage): Promise<TokenPayload | null> {
    return new Promise((resolve, reject) => {
      const s = Object.create(this.strategy) as Strategy & {
        success: (u: TokenPayload) => void;
        fail: () => void;
        error: (e: unknown) => void;
      };
      s.success = (u) => resolve(u);
      s.fail = () => resolve(null);
      s.error = (e) => reject(e);
      s.authenticate(raw as never, {});
    });
  }

  /**
   * Builds the context for an authenticated call. Errors: 401 (no/invalid/expired token, revoked session,
   * deleted user), 403 'Login blocked' (blocked client), 404 (unknown workspace in X-COMPANY-ID).
   */
  async context(raw: IncomingMessage, ip: string, workspaceHeader: string | undefined): Promise<RequestContext> {
    const payload = await this.verify(raw);
    if (!payload?.result?._id || !payload.sid) throw Errors.unauthorized();
    const key = `${payload.result._id}:${payload.sid}`;
    let info = this.sessions.get(key);
    if (info === undefined) {
      // Single flight: concurrent requests of one session share one look-up when the cache entry expires.
      let pending = this.inflight.get(key);
      if (!pending) {
        pending = this.bus
          .request<SessionInfo | null>(peopleSubjects.session, { ctx: systemContext(), input: { userId: payload.result._id, sessionId: payload.sid } })
          .then((v) => {
            this.sessions.set(key, v);
            return v;
          })
          .finally(() => this.inflight.delete(key));
        this.inflight.set(key, pending);
      }
      info = await pending;
    }
    if (!info) throw Errors.unauthorized();
    const ctx: RequestContext = { clientId: info.clientId, userId: info.userId, roles: info.roles, workspace: null, lang: info.lang, ip, sessionId: payload.sid };
    if (info.clientId) {
      const client = await this.client(info.clientId);
      if (!client) throw Errors.unauthorized();
      if (client.status === 'blocked') throw Errors.loginBlocked();
      ctx.workspace = client.workspace;
    } else if (info.roles.includes('superadmin') && workspaceHeader) {
      // The superadmin works in the workspace chosen in the header (§6: "working workspace from stored current client").
      const client = await this.byWorkspace(workspaceHeader);
      if (!client) throw Errors.notFound();
      ctx.clientId = client._id;
      ctx.workspace = client.workspace;
    }
    return ctx;
  }

  /** The client of `id` (cached 5 s), or null. */
  async client(id: string): Promise<Client | null> {
    let c = this.clients.get(id);
    if (c === undefined) {
      c = await this.bus.request<Client>(clientSubjects.internalGet, { ctx: systemContext(), input: { id } }).catch(notFoundAsNull);
      this.clients.set(id, c);
    }
    return c;
  }

  private async byWorkspace(ws: string): Promise<Client | null> {
    const key = ws.toLowerCase();
    let c = this.workspaces.get(key);
    if (c === undefined) {
      c = await this.bus.request<Client>(clientSubjects.internalByWorkspace, { ctx: systemContext(), input: { workspace: key } }).catch(notFoundAsNull);
      this.workspaces.set(key, c);
    }
    return c;
  }
}

function notFoundAsNull(err: unknown): null {
  if (err instanceof DomainError && err.code === 'not_found') return null;
  throw err;
}
