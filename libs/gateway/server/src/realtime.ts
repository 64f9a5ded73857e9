import { clientEvents } from '@intranet/clients-contract';
import { peopleEvents } from '@intranet/people-contract';
import { on, type Bus, type BusEvent, type RequestContext } from '@intranet/platform-bus';
import type { Logger } from '@intranet/platform-host';
import { Inject, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  Ack,
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import { Interval } from '@nestjs/schedule';
import type { Namespace, Socket } from 'socket.io';
import { JwtStrategy } from './auth.ts';
import { GATEWAY_OPTIONS, type GatewayOptions } from './options.ts';
import { PRESENCE_HEARTBEAT_MS, PresenceCounter } from './presence.ts';
import { RealtimeBatcher } from './realtime-batch.ts';
import { TtlCache } from './ttl-cache.ts';

/** setTimeout's largest delay (about 24.8 days); a longer-lived token's socket is closed then and reconnects. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a relayed event may carry to narrow its audience. */
interface Audience {
  /** Only these users' sockets get it (e.g. a notification). */
  userIds?: string[];
  /**
   * Only these users' sockets get it, and the list itself is not sent to them (routing data: a chat room's
   * 1,000 members need not travel to each of them). An empty list reaches no one.
   */
  audience?: string[];
}

type SocketCtx = RequestContext & { clientId: string; userId: string };

/**
 * §4 Realtime socket: Socket.IO on the gateway's HTTP server (Nest's socket.io adapter), one namespace per
 * workspace (`/<workspace>`, a regex namespace, DESIGN §10), websocket transport only. A socket authenticates with
 * its bearer token (handshake `auth.token`) through the same passport-jwt strategy and session check as HTTP, then
 * identifies `{ client_id, user_id, timestamp }`; both must match the token and the namespace. Events of the
 * relayed subjects go from the bus to the sockets of that event's client only; each gateway node relays to its own
 * sockets, so several nodes need no adapter (DESIGN §6). A socket lives no longer than what let it in: revoking
 * its session (logout elsewhere, password reset), deleting its user or blocking its client disconnects it on every
 * node, and so does its token's expiry. Events that the contracts declare batchable (`realtimeBatch`) are throttled
 * per workspace by RealtimeBatcher: a busy workspace's sockets get one `batch` frame per window instead of a frame per
 * like. Each node counts its users' identified sockets and publishes when a user comes or goes (PresenceCounter).
 */
@WebSocketGateway({
  namespace: /^\/[a-z0-9]+$/,
  path: '/socket.io',
  transports: ['websocket'],
  serveClient: false,
  pingTimeout: 20_000,
  connectTimeout: 20_000,
})
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleInit, BeforeApplicationShutdown {
  @WebSocketServer() workspaces!: Namespace;
  private readonly bus: Bus;
  private readonly subjects: string[];
  private readonly log: Logger;
  private readonly live = new SocketIndex();
  private readonly expiries = new WeakMap<Socket, NodeJS.Timeout>();
  /**
   * The workspace namespaces holding this node's sockets, by client (with how many sockets each): an event is
   * emitted on its own client's namespace only, so the other workspaces' adapters neither encode it nor look at its
   * rooms, and an event of a client with no socket here costs nothing.
   */
  private readonly spaces = new Map<string, Map<Namespace, number>>();
  private readonly counted = new WeakSet<Socket>();
  private readonly batcher: RealtimeBatcher;
  /** The users with an identified socket here (issue 10: chat notifications go to the others). */
  private readonly presence: PresenceCounter;
  /** Sockets counted in `presence` (identified once; a second identify counts nothing). */
  private readonly identified = new WeakSet<Socket>();
  private unsubs: (() => Promise<void>)[] = [];

  constructor(
    @Inject(GATEWAY_OPTIONS) opts: GatewayOptions,
    private readonly auth: JwtStrategy,
  ) {
    this.bus = opts.bus;
    this.subjects = opts.realtimeSubjects ?? [];
    this.log = opts.log;
    this.batcher = new RealtimeBatcher(
      opts.realtimeBatch ?? {},
      opts.realtimeBatchMs ?? 0,
      (clientId, subject, data) => this.toClient(clientId, subject, data),
      (clientId, entries) => this.toClient(clientId, 'batch', entries),
    );
    this.presence = new PresenceCounter(this.bus, this.log);
    this.presence.start();
    try {
      // Requests reach it a few ms later on NATS (a late bind: its own connection); nothing here waits for that.
      void this.presence.serve();
    } catch (err) {
      // A second gateway on the same bus object (tests): the first one answers the shared subject, and lists this
      // node (heard beating) so that askers put the question to this node's own subject, bound by then.
      this.log.debug(`presence request not bound here: ${(err as Error).message}`);
    }
  }

  /** This node's periodic presence heartbeat (`@Interval`: ScheduleModule clears it when the gateway closes). */
  @Interval(PRESENCE_HEARTBEAT_MS)
  presenceHeartbeat(): void {
    this.presence.heartbeat();
  }

  /** Emits to every identified socket of the client on this node. */
  private toClient(clientId: string, event: string, data: unknown): void {
    for (const nsp of this.spaces.get(clientId)?.keys() ?? []) nsp.to(`client:${clientId}`).emit(event, data);
  }

  /** Handshake check of every workspace namespace: a live session of that very workspace. */
  afterInit(nsp: Namespace): void {
    nsp.use(async (socket, next) => {
      try {
        const token = String(socket.handshake.auth?.token ?? '');
        const { ctx, exp } = await this.auth.authenticateRequest({ headers: { authorization: `Bearer ${token}` }, ip: socket.handshake.address });
        if (!ctx.workspace || `/${ctx.workspace}` !== socket.nsp.name) return next(new Error('No access'));
        socket.data.ctx = ctx;
        socket.data.exp = exp;
        next();
      } catch {
        next(new Error('Unauthorized'));
      }
    });
  }

  /** Relays the event subjects, and closes sockets on the events that end their right to listen. */
  async onModuleInit(): Promise<void> {
    const relay = async (evt: BusEvent<Audience & Record<string, unknown>>) => {
      if (!evt.clientId) return;
      // The client's own workspace namespaces (the live child namespaces its sockets are in: never io.of('/x'),
      // which would create an unguarded static namespace). Rooms carry the client id as well.
      const spaces = this.spaces.get(evt.clientId);
      if (!spaces) return;
      if (Array.isArray(evt.data?.audience)) {
        const { audience, ...data } = evt.data;
        if (!audience.length) return;
        const rooms = audience.map((u) => `user:${u}`);
        for (const nsp of spaces.keys()) nsp.to(rooms).emit(evt.subject, data);
        return;
      }
      if (evt.data?.userIds?.length) {
        const rooms = evt.data.userIds.map((u) => `user:${u}`);
        for (const nsp of spaces.keys()) nsp.to(rooms).emit(evt.subject, evt.data);
        return;
      }
      // Everyone's events of a busy workspace go out in batches (the `batch` frame: [[subject, data], ...]).
      if (this.batcher.batchable(evt.subject)) this.batcher.push(evt.clientId, evt.subject, evt.data);
      else this.toClient(evt.clientId, evt.subject, evt.data);
    };
    this.unsubs = await Promise.all(this.subjects.map((s) => this.bus.subscribe(s, relay)));
    this.unsubs.push(
      await on(this.bus, peopleEvents.sessionRevoked, async (e) => {
        for (const sid of e.data.sessionIds) this.live.disconnect(`session:${sid}`);
      }),
      await on(this.bus, peopleEvents.userDeleted, async (e) => {
        this.live.disconnect(`user:${e.data._id}`);
      }),
      await on(this.bus, clientEvents.updated, async (e) => {
        if (e.data.status === 'blocked') this.live.disconnect(`client:${e.data._id}`);
      }),
    );
    this.log.debug(`realtime relays ${this.subjects.join(', ')}`);
  }

  handleConnection(socket: Socket): void {
    const ctx = socket.data.ctx as SocketCtx;
    if (!this.live.add(socket, ctx)) return;
    const spaces = this.spaces.get(ctx.clientId) ?? new Map<Namespace, number>();
    spaces.set(socket.nsp, (spaces.get(socket.nsp) ?? 0) + 1);
    this.spaces.set(ctx.clientId, spaces);
    this.counted.add(socket);
    // Nor does a socket outlive its token: at `exp` the client must sign in (and connect) again.
    const exp = socket.data.exp as number | undefined;
    if (exp) {
      const t = setTimeout(() => socket.disconnect(true), Math.min(Math.max(exp * 1000 - Date.now(), 0), MAX_TIMER_MS));
      t.unref();
      this.expiries.set(socket, t);
    }
  }

  handleDisconnect(socket: Socket): void {
    clearTimeout(this.expiries.get(socket));
    const ctx = socket.data.ctx as SocketCtx | undefined;
    if (ctx) this.live.remove(socket, ctx);
    if (ctx && this.identified.has(socket)) {
      this.identified.delete(socket);
      void this.presence.remove(ctx.userId);
    }
    if (ctx && this.counted.has(socket)) {
      this.counted.delete(socket);
      const spaces = this.spaces.get(ctx.clientId);
      const n = (spaces?.get(socket.nsp) ?? 1) - 1;
      if (n > 0) spaces!.set(socket.nsp, n);
      else spaces?.delete(socket.nsp);
      if (spaces && !spaces.size) this.spaces.delete(ctx.clientId);
    }
  }

  /**
   * §4 identify: joins the client's and the user's rooms; a mismatch answers `{ ok: false }` and disconnects. The
   * user's first identified socket on this node publishes their presence before the answer.
   */
  @SubscribeMessage('identify')
  async identify(
    @ConnectedSocket() socket: Socket,
    @MessageBody() msg: { client_id?: string; user_id?: string; timestamp?: number } | undefined,
    @Ack() ack?: (r: unknown) => void,
  ): Promise<void> {
    const ctx = socket.data.ctx as SocketCtx;
    if (msg?.client_id !== ctx.clientId || msg?.user_id !== ctx.userId) {
      if (typeof ack === 'function') ack({ ok: false });
      socket.disconnect(true);
      return;
    }
    void socket.join([`client:${ctx.clientId}`, `user:${ctx.userId}`]);
    if (!this.identified.has(socket) && socket.connected) {
      this.identified.add(socket);
      await this.presence.add(ctx.clientId, ctx.userId);
    }
    if (typeof ack === 'function') ack({ ok: true });
  }

  @SubscribeMessage('user-logout')
  logout(@ConnectedSocket() socket: Socket): void {
    socket.disconnect(true);
  }

  /**
   * Shutting down: stop relaying and close every socket's connection before the HTTP server closes (an open
   * websocket would keep close() waiting for ever; Nest's adapter cannot close a namespace's server).
   */
  async beforeApplicationShutdown(): Promise<void> {
    const unsubs = this.unsubs;
    this.unsubs = [];
    for (const u of unsubs) await u();
    this.batcher.close();
    this.workspaces?.server.engine.close();
    // Their users' `online: false` before the bus closes (else they would stay online for the notifications).
    await this.presence.settled();
  }
}

/**
 * This node's connected sockets by session, user and client (keys `session:<sid>`, `user:<id>`,
 * `client:<id>`), so a revocation finds them without walking every workspace namespace. Kept apart from the
 * relay rooms, which a socket joins only once identified.
 */
class SocketIndex {
  private readonly byKey = new Map<string, Set<Socket>>();
  /** When each key was last revoked: a socket whose handshake was checked before that is let go too. */
  private readonly revokedAt = new TtlCache<number>(60_000);

  /** Indexes a socket that just connected; false (and the socket closed) if it was revoked meanwhile. */
  add(socket: Socket, ctx: RequestContext): boolean {
    for (const k of keysOf(ctx)) {
      // The revocation came while this socket's check was under way (its answer predates the revocation).
      if ((this.revokedAt.get(k) ?? -1) >= socket.handshake.issued) {
        socket.disconnect(true);
        return false;
      }
    }
    for (const k of keysOf(ctx)) {
      let set = this.byKey.get(k);
      if (!set) this.byKey.set(k, (set = new Set()));
      set.add(socket);
    }
    return true;
  }

  remove(socket: Socket, ctx: RequestContext): void {
    for (const k of keysOf(ctx)) {
      const set = this.byKey.get(k);
      if (!set) continue;
      set.delete(socket);
      if (!set.size) this.byKey.delete(k);
    }
  }

  /** Closes every socket under `key` (their connections too: the client must sign in again). */
  disconnect(key: string): void {
    this.revokedAt.set(key, Date.now());
    for (const s of [...(this.byKey.get(key) ?? [])]) s.disconnect(true);
  }
}

function keysOf(ctx: RequestContext): string[] {
  return [ctx.sessionId ? `session:${ctx.sessionId}` : '', ctx.userId ? `user:${ctx.userId}` : '', ctx.clientId ? `client:${ctx.clientId}` : ''].filter(
    Boolean,
  );
}
