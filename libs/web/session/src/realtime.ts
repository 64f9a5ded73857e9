import type { Socket } from 'socket.io-client';
import { peopleRefs } from '@intranet/people-contract/refs';
import { call } from '@intranet/web-api';
import { getSessionSnapshot, subscribeSession, type SessionSnapshot } from './store.ts';

/**
 * §4 Realtime socket, shared by the shell and every remote (this lib is a Module Federation singleton, so one
 * connection per page): Socket.IO to the workspace namespace `${origin}/${workspace}`, websocket transport only,
 * reconnect after 1 s, 1,200,000 ms time-out, `auth: { token }`, and `identify { client_id, user_id, timestamp }`
 * on every connect. Ref-counted: the socket lives while at least one handle is acquired. On sign-out (or a 401) it
 * emits 'user-logout' and disconnects; a new token or workspace replaces the connection, keeping every registered
 * handler. Events that arrive in a `batch` frame reach the same handlers, in their order. socket.io-client is loaded with a dynamic import, so it stays out of the shell's first load.
 * Only users of a client connect (the gateway requires the token's client_id, so never the superadmin).
 */

type Listener = (payload: unknown) => void;

/** One acquisition of the shared socket; its handlers are removed by `release()`. */
export interface RealtimeHandle {
  /** The current socket, or null while socket.io-client loads, before a client is known, or after sign-out. */
  readonly socket: Socket | null;
  /** Listens to a server event (e.g. `evt.social.post.created`) on the current and any later socket. Returns an unsubscribe. */
  on<T>(event: string, handler: (payload: T) => void): () => void;
  /** Called after each automatic reconnect (events sent meanwhile are lost: refetch what they would update). */
  onReconnect(fn: () => void): () => void;
  /** Removes this handle's handlers; the last release closes the socket. Idempotent. */
  release(): void;
}

const handlers = new Map<string, Set<Listener>>();
const reconnectListeners = new Set<() => void>();
let users = 0;
let socket: Socket | null = null;
let socketKey: string | null = null;
let unsubscribeSession: (() => void) | null = null;
let loading: Promise<typeof import('socket.io-client')> | null = null;
let generation = 0;

interface Target {
  key: string;
  workspace: string;
  token: string;
  userId: string;
  clientId: string;
}

/** Where the socket should connect for this session, or null (signed out, superadmin, client not known yet). */
function targetOf(s: SessionSnapshot): Target | null {
  const c = s.currentClient;
  if (!s.authorized || !s.token || !s.uid || !s.tokenClientId || !c?.workspace || c._id !== s.tokenClientId) return null;
  return { key: `${c.workspace}|${s.token}|${s.uid}`, workspace: c.workspace, token: s.token, userId: s.uid, clientId: c._id };
}

function closeSocket(logout: boolean): void {
  generation++;
  const s = socket;
  socket = null;
  socketKey = null;
  if (!s) return;
  if (logout && s.connected) s.emit('user-logout');
  s.removeAllListeners();
  s.io.off('reconnect', fireReconnect);
  s.disconnect();
}

function fireReconnect(): void {
  for (const fn of [...reconnectListeners]) fn();
}

/** Asks for the signed-in user once; a 401 clears the session through the API client's listeners. */
function verifySession(uid: string): void {
  call(peopleRefs.userGet, { params: { id: uid }, silent: true }).catch(() => undefined);
}

function openSocket(t: Target): void {
  const gen = ++generation;
  socketKey = t.key;
  loading ??= import('socket.io-client');
  loading.then(
    ({ io }) => {
      // Released, signed out or retargeted while the library loaded.
      if (gen !== generation || users <= 0) return;
      const s = io(`${window.location.origin}/${t.workspace}`, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: true,
        reconnectionDelay: 1000,
        timeout: 1_200_000,
        auth: { token: t.token },
      });
      s.on('connect', () => {
        s.emit('identify', { client_id: t.clientId, user_id: t.userId, timestamp: Date.now() }, () => undefined);
      });
      // The gateway closes the socket when the session is revoked (logout elsewhere, password reset, blocking):
      // one authenticated call then meets the 401, which ends the session visibly (sign-in page, path and drafts kept).
      s.on('disconnect', (reason) => {
        if (reason === 'io server disconnect' && gen === generation) verifySession(t.userId);
      });
      for (const [event, set] of handlers) for (const h of set) s.on(event, h);
      // A busy workspace's events come in `batch` frames ([[subject, data], ...], gateway's RealtimeBatcher).
      s.on('batch', (entries: unknown) => {
        if (!Array.isArray(entries)) return;
        for (const [event, payload] of entries as [string, unknown][]) for (const h of [...(handlers.get(event) ?? [])]) h(payload);
      });
      s.io.on('reconnect', fireReconnect);
      socket = s;
    },
    () => {
      // The chunk failed to load (offline): try again on the next session change or acquisition.
      loading = null;
      if (gen === generation) socketKey = null;
    },
  );
}

/** Brings the connection in line with the session: open, replace (new token/workspace) or close with logout. */
function sync(): void {
  const snap = getSessionSnapshot();
  const t = targetOf(snap);
  if (!t) {
    if (socketKey) closeSocket(!snap.authorized);
    return;
  }
  if (socketKey === t.key) return;
  if (socketKey) closeSocket(false);
  openSocket(t);
}

function stop(): void {
  unsubscribeSession?.();
  unsubscribeSession = null;
  closeSocket(!getSessionSnapshot().authorized);
}

/**
 * Acquires the shared realtime socket (§4). Output: a handle whose `on`/`onReconnect` handlers follow the
 * connection across token/workspace changes until `release()`. Never throws; without a usable session it simply
 * waits for one.
 */
export function acquireRealtime(): RealtimeHandle {
  const own: { event: string; handler: Listener }[] = [];
  const ownReconnect: (() => void)[] = [];
  let released = false;
  users++;
  if (!unsubscribeSession) unsubscribeSession = subscribeSession(sync);
  sync();

  const off = (event: string, handler: Listener) => {
    handlers.get(event)?.delete(handler);
    if (handlers.get(event)?.size === 0) handlers.delete(event);
    socket?.off(event, handler);
  };

  return {
    get socket() {
      return released ? null : socket;
    },
    on<T>(event: string, handler: (payload: T) => void) {
      if (released) return () => undefined;
      // A wrapper per registration, so the same function given twice is also removed twice, independently.
      const h: Listener = (payload) => handler(payload as T);
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      set.add(h);
      socket?.on(event, h);
      own.push({ event, handler: h });
      return () => off(event, h);
    },
    onReconnect(fn: () => void) {
      if (released) return () => undefined;
      reconnectListeners.add(fn);
      ownReconnect.push(fn);
      return () => reconnectListeners.delete(fn);
    },
    release() {
      if (released) return;
      released = true;
      for (const { event, handler } of own) off(event, handler);
      for (const fn of ownReconnect) reconnectListeners.delete(fn);
      users--;
      if (users <= 0) {
        users = 0;
        stop();
      }
    },
  };
}
