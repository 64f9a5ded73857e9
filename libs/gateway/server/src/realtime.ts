import { clientEvents } from '@intranet/clients-contract';
import { peopleEvents } from '@intranet/people-contract';
import type { Bus, BusEvent, RequestContext } from '@intranet/platform-bus';
import type { Logger } from '@intranet/platform-host';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { IdentityResolver } from './identity.ts';
import { TtlCache } from './ttl-cache.ts';

/** setTimeout's largest delay (about 24.8 days); a longer-lived token's socket is closed then and reconnects. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a relayed event may carry to narrow its audience. */
interface Audience {
  /** Only these users' sockets get it (e.g. a notification). */
  userIds?: string[];
}

/**
 * §4 Realtime socket: Socket.IO on the gateway's HTTP server, one namespace per workspace (`/<workspace>`),
 * websocket transport only. A socket authenticates with its bearer token (handshake `auth.token`), then
 * identifies `{ client_id, user_id, timestamp }`; both must match the token and the namespace. Events of the
 * given subjects are relayed from the bus to the sockets of that event's client only; each gateway node relays
 * to its own sockets, so several nodes need no adapter (DESIGN §6). A socket lives no longer than what let it
 * in: revoking its session (logout elsewhere, password reset), deleting its user or blocking its client
 * disconnects it on every node, and so does its token's expiry. Output: the server and a close function.
 */
export async function attachRealtime(opts: {
  http: HttpServer;
  bus: Bus;
  identity: IdentityResolver;
  subjects: string[];
  log: Logger;
}): Promise<{ io: Server; close: () => Promise<void> }> {
  const io = new Server(opts.http, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    pingTimeout: 20_000,
    connectTimeout: 20_000,
  });
  const workspaces = io.of(/^\/[a-z0-9]+$/);

  workspaces.use(async (socket, next) => {
    try {
      const token = String(socket.handshake.auth?.token ?? '');
      const raw = { headers: { authorization: `Bearer ${token}` } } as unknown as IncomingMessage;
      const ctx = await opts.identity.context(raw, socket.handshake.address, undefined);
      if (!ctx.workspace || `/${ctx.workspace}` !== socket.nsp.name) return next(new Error('No access'));
      socket.data.ctx = ctx;
      socket.data.exp = (await opts.identity.verify(raw))?.exp;
      next();
    } catch {
      next(new Error('Unauthorized'));
    }
  });

  const live = new SocketIndex();
  workspaces.on('connection', (socket: Socket) => {
    const ctx = socket.data.ctx as RequestContext & { clientId: string; userId: string };
    if (!live.add(socket, ctx)) return;
    // Nor does a socket outlive its token: at `exp` the client must sign in (and connect) again.
    const exp = socket.data.exp as number | undefined;
    const expiry = exp ? setTimeout(() => socket.disconnect(true), Math.min(Math.max(exp * 1000 - Date.now(), 0), MAX_TIMER_MS)) : undefined;
    expiry?.unref();
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      live.remove(socket, ctx);
    });
    socket.on('identify', (msg: { client_id?: string; user_id?: string; timestamp?: number }, ack?: (r: unknown) => void) => {
      if (msg?.client_id !== ctx.clientId || msg?.user_id !== ctx.userId) {
        ack?.({ ok: false });
        socket.disconnect(true);
        return;
      }
      void socket.join([`client:${ctx.clientId}`, `user:${ctx.userId}`]);
      ack?.({ ok: true });
    });
    socket.on('user-logout', () => socket.disconnect(true));
  });

  const relay = async (evt: BusEvent<Audience & Record<string, unknown>>) => {
    if (!evt.clientId) return;
    // Rooms carry the client id, so one emit on the parent namespace reaches only that workspace's sockets
    // (emitting on io.of('/x') would create an unguarded static namespace).
    const rooms = evt.data?.userIds?.length ? evt.data.userIds.map((u) => `user:${u}`) : [`client:${evt.clientId}`];
    workspaces.to(rooms).emit(evt.subject, evt.data);
  };
  const unsubs = await Promise.all(opts.subjects.map((s) => opts.bus.subscribe(s, relay)));
  // The events that end a socket's right to listen (the identity cache watches the same ones).
  unsubs.push(
    await opts.bus.subscribe<{ sessionIds?: string[] }>(peopleEvents.sessionRevoked, async (e) => {
      for (const sid of e.data.sessionIds ?? []) live.disconnect(`session:${sid}`);
    }),
    await opts.bus.subscribe<{ _id?: string }>(peopleEvents.userDeleted, async (e) => {
      if (e.data._id) live.disconnect(`user:${e.data._id}`);
    }),
    await opts.bus.subscribe<{ _id?: string; status?: string }>(clientEvents.updated, async (e) => {
      if (e.data._id && e.data.status === 'blocked') live.disconnect(`client:${e.data._id}`);
    }),
  );
  opts.log.debug(`realtime relays ${opts.subjects.join(', ')}`);
  return {
    io,
    /** Stops relaying and closes every socket's connection; the HTTP server itself is closed by its owner. */
    async close() {
      for (const u of unsubs) await u();
      io.engine.close();
    },
  };
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
  return [ctx.sessionId ? `session:${ctx.sessionId}` : '', ctx.userId ? `user:${ctx.userId}` : '', ctx.clientId ? `client:${ctx.clientId}` : ''].filter(Boolean);
}
