import { CLIENTS_ERRORS, clientEvents, clientSubjects, type Client } from '@intranet/clients-contract';
import { peopleEvents, peopleSubjects, type SessionInfo } from '@intranet/people-contract';
import type { Bus, RequestContext } from '@intranet/platform-bus';
import { ask, isAdmin, on, systemContext } from '@intranet/platform-bus';
import type { TokenPayload } from '@intranet/platform-auth';
import { DomainError, Errors } from '@intranet/platform-errors';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { GATEWAY_OPTIONS, type GatewayOptions } from './options.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * Who is calling (DESIGN §5), after passport-jwt has verified the token (JwtStrategy): the people service confirms
 * the session is live, the clients service gives the tenant's status and workspace. Answers are cached 5 s, loaded
 * once for concurrent callers (single flight) and evicted at once by revocation, user and client events.
 */
@Injectable()
export class IdentityResolver implements OnModuleInit, OnModuleDestroy {
  private readonly sessions = new TtlCache<SessionInfo | null>(5_000);
  private readonly clients = new TtlCache<Client | null>(5_000);
  private readonly workspaces = new TtlCache<Client | null>(5_000);
  /** The installation's maintenance mode (issue 36), cached like the clients and dropped by its event. */
  private readonly installation = new TtlCache<boolean>(5_000);
  private readonly bus: Bus;
  private unsubs: (() => Promise<void> | void)[] = [];

  constructor(@Inject(GATEWAY_OPTIONS) opts: GatewayOptions) {
    this.bus = opts.bus;
  }

  /** Subscribes to the events that make cached identities stale. */
  async onModuleInit(): Promise<void> {
    this.unsubs.push(
      await on(this.bus, peopleEvents.sessionRevoked, async (e) => {
        const ids = new Set(e.data.sessionIds);
        this.sessions.evict((k, v) => ids.has(k.split(':')[1]) || (!!e.data.userId && v?.userId === e.data.userId));
      }),
      await this.bus.subscribe('evt.people.user.*', async (e) => {
        // Every evt.people.user.* payload is one of userUpdated's (a user, or a bulk role change).
        const d = peopleEvents.userUpdated.payload.parse(e.data);
        if ('bulk' in d) this.sessions.evict((_k, v) => v?.clientId === e.clientId);
        else this.sessions.evict((k) => k.startsWith(`${d._id}:`));
      }),
      await this.bus.subscribe<{ _id: string }>('evt.clients.client.*', async (e) => {
        this.clients.evict((k) => k === e.data._id);
        this.workspaces.clear();
      }),
      await on(this.bus, clientEvents.applicationUpdated, async () => this.installation.clear()),
    );
  }

  async onModuleDestroy(): Promise<void> {
    const unsubs = this.unsubs;
    this.unsubs = [];
    for (const u of unsubs) await u();
  }

  /**
   * The caller of a verified token: its live session's user, roles and language (no tenant yet, see `tenant`).
   * Errors: 401 when the token carries no session or the session is revoked / its user deleted.
   */
  async session(payload: TokenPayload, ip: string): Promise<RequestContext> {
    if (!payload?.result?._id || !payload.sid) throw Errors.unauthorized();
    const userId = payload.result._id;
    const sessionId = payload.sid;
    const info = await this.sessions.getOrLoad(`${userId}:${sessionId}`, () => ask(this.bus, peopleSubjects.session, systemContext(), { userId, sessionId }));
    if (!info) throw Errors.unauthorized();
    return { clientId: info.clientId, userId: info.userId, roles: info.roles, workspace: null, lang: info.lang, ip, sessionId };
  }

  /**
   * Completes `ctx` with its tenant: the user's client (status checked) or, for the superadmin, the workspace
   * chosen in X-COMPANY-ID (§6 "working workspace"). Errors: 401 (client gone), 403 'Login blocked' (blocked
   * client), 503 `maintenance` (issue 36: the workspace or the installation is in maintenance mode and the caller
   * is no administrator), 404 (unknown workspace in the header).
   */
  async tenant(ctx: RequestContext, workspaceHeader: string | undefined): Promise<RequestContext> {
    if (ctx.clientId) {
      const client = await this.client(ctx.clientId);
      if (!client) throw Errors.unauthorized();
      if (client.status === 'blocked') throw Errors.loginBlocked();
      if (!isAdmin(ctx) && (client.maintenance || (await this.maintenance()))) throw Errors.coded(CLIENTS_ERRORS.maintenance);
      ctx.workspace = client.workspace;
      ctx.featuresOff = featuresOff(client);
    } else if (workspaceHeader && ctx.roles.includes('superadmin')) {
      const client = await this.byWorkspace(workspaceHeader);
      if (!client) throw Errors.notFound();
      ctx.clientId = client._id;
      ctx.workspace = client.workspace;
      ctx.featuresOff = featuresOff(client);
    }
    return ctx;
  }

  /** The client of `id` (cached 5 s, single flight), or null. */
  client(id: string): Promise<Client | null> | Client | null {
    return this.clients.getOrLoad(id, () => ask(this.bus, clientSubjects.internalGet, systemContext(), { id }).catch(notFoundAsNull));
  }

  /** Whether the installation is in maintenance mode (cached 5 s, single flight; dropped by its event). */
  private maintenance(): Promise<boolean> | boolean {
    return this.installation.getOrLoad('app', async () => (await ask(this.bus, clientSubjects.internalMaintenance, systemContext(), {})).active);
  }

  private byWorkspace(ws: string): Promise<Client | null> | Client | null {
    const key = ws.toLowerCase();
    return this.workspaces.getOrLoad(key, () => ask(this.bus, clientSubjects.internalByWorkspace, systemContext(), { workspace: key }).catch(notFoundAsNull));
  }
}

/** The client features switched off (§3 features), for the request context. */
function featuresOff(client: Client): string[] {
  return client.features.filter((f) => !f.active).map((f) => f.feature);
}

function notFoundAsNull(err: unknown): null {
  if (err instanceof DomainError && err.code === 'not_found') return null;
  throw err;
}
