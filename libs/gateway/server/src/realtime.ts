import type { Bus, BusEvent } from '@intranet/platform-bus';
import type { Logger } from '@intranet/platform-host';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { IdentityResolver } from './identity.ts';

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
 * to its own sockets, so several nodes need no adapter (DESIGN §6). Output: a close function.
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
      next();
    } catch {
      next(new Error('Unauthorized'));
    }
  });

  workspaces.on('connection', (socket: Socket) => {
    const ctx = socket.data.ctx as { clientId: string; userId: string };
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
  opts.log.debug(`realtime relays ${opts.subjects.join(', ')}`);
  return {
    io,
    async close() {
      for (const u of unsubs) await u();
      await new Promise<void>((r) => io.close(() => r()));
    },
  };
}
