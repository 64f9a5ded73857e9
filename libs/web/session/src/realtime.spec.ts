import assert from 'node:assert/strict';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from '@jest/globals';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { MemoryStorage } from '@intranet/web-api';
import { acquireRealtime } from './realtime.ts';
import { clearSession, setCurrentClient, storeLogin } from './store.ts';

const g = globalThis as unknown as { localStorage: Storage; sessionStorage: Storage; window?: unknown };
g.localStorage = new MemoryStorage();
g.sessionStorage = new MemoryStorage();

const jwt = (payload: unknown) => `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;
const token = (clientId: string | null, uid = 'u-1', n = 0) => jwt({ exp: Math.floor(Date.now() / 1000) + 3600, client_id: clientId, result: { _id: uid }, n });

async function until(cond: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('shared realtime socket (§4)', () => {
  let http: HttpServer;
  let io: Server;
  const sockets: ServerSocket[] = [];
  const identified: { client_id?: string; user_id?: string }[] = [];
  let logouts = 0;

  beforeAll(async () => {
    http = createServer();
    io = new Server(http, { path: '/socket.io', transports: ['websocket'] });
    io.of(/^\/\w+$/).on('connection', (s) => {
      sockets.push(s);
      s.on('identify', (m: { client_id?: string; user_id?: string }, ack?: () => void) => {
        identified.push(m);
        ack?.();
      });
      // onAny: the server drops a named handler's call when the disconnect packet follows in the same batch.
      s.onAny((ev: string) => {
        if (ev === 'user-logout') logouts++;
      });
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    g.window = { location: { origin: `http://127.0.0.1:${(http.address() as AddressInfo).port}` } };
  });
  afterAll(async () => {
    await io.close();
  });
  beforeEach(() => {
    clearSession();
    g.localStorage.clear();
    sockets.length = 0;
    identified.length = 0;
    logouts = 0;
  });
  afterEach(() => clearSession());

  const live = () => sockets.filter((s) => s.connected);

  it('one connection for every handle, identified, with handlers removed on release and closed by the last', async () => {
    storeLogin(token('c-1'), 'u-1');
    setCurrentClient({ _id: 'c-1', workspace: 'acme', name: 'Acme' });
    const a = acquireRealtime();
    const b = acquireRealtime();
    const got: string[] = [];
    a.on<{ n: number }>('evt.x', (e) => got.push(`a${e.n}`));
    b.on<{ n: number }>('evt.x', (e) => got.push(`b${e.n}`));
    await until(() => identified.length === 1, 'identify');
    assert.equal(live().length, 1);
    assert.equal(live()[0]!.nsp.name, '/acme');
    assert.equal((live()[0]!.handshake.auth as { token: string }).token.length > 0, true);
    assert.deepEqual({ client_id: identified[0]!.client_id, user_id: identified[0]!.user_id }, { client_id: 'c-1', user_id: 'u-1' });
    live()[0]!.emit('evt.x', { n: 1 });
    await until(() => got.length === 2, 'both handlers');
    a.release();
    live()[0]!.emit('evt.x', { n: 2 });
    await until(() => got.length === 3, 'b only');
    assert.deepEqual(got.sort(), ['a1', 'b1', 'b2']);
    b.release();
    await until(() => live().length === 0, 'disconnect after the last release');
    assert.equal(logouts, 0, 'still signed in: no user-logout');
  });

  it("sign-out sends 'user-logout'; a new token reconnects keeping the handlers", async () => {
    storeLogin(token('c-1', 'u-1', 1), 'u-1');
    setCurrentClient({ _id: 'c-1', workspace: 'acme', name: 'Acme' });
    const h = acquireRealtime();
    const got: number[] = [];
    h.on<{ n: number }>('evt.y', (e) => got.push(e.n));
    await until(() => identified.length === 1, 'first identify');
    const first = live()[0]!;
    storeLogin(token('c-1', 'u-1', 2), 'u-1');
    await until(() => identified.length === 2 && !first.connected, 'reconnect with the new token');
    assert.equal(live().length, 1);
    live()[0]!.emit('evt.y', { n: 7 });
    await until(() => got.length === 1, 'handler on the new socket');
    assert.deepEqual(got, [7]);
    clearSession();
    await until(() => logouts === 1 && live().length === 0, 'user-logout');
    h.release();
  });

  it("a 'batch' frame reaches each event's handlers in its order; events nobody listens to are skipped", async () => {
    storeLogin(token('c-1', 'u-1', 3), 'u-1');
    setCurrentClient({ _id: 'c-1', workspace: 'acme', name: 'Acme' });
    const h = acquireRealtime();
    const got: string[] = [];
    h.on<{ n: number }>('evt.a', (e) => got.push(`a${e.n}`));
    h.on<{ n: number }>('evt.b', (e) => got.push(`b${e.n}`));
    await until(() => identified.length === 1, 'identify');
    live()[0]!.emit('batch', [
      ['evt.a', { n: 1 }],
      ['evt.nobody', { n: 0 }],
      ['evt.b', { n: 2 }],
      ['evt.a', { n: 3 }],
    ]);
    await until(() => got.length === 3, 'the batch');
    assert.deepEqual(got, ['a1', 'b2', 'a3']);
    h.release();
  });

  it('never connects without a client of the token (superadmin)', async () => {
    storeLogin(token(null, 'sa'), 'sa');
    setCurrentClient({ _id: 'c-1', workspace: 'acme', name: 'Acme' });
    const h = acquireRealtime();
    assert.equal(h.socket, null);
    h.release();
    // The proof that nothing connected: a user of a client connects after, and theirs is the only socket the server
    // saw (a connection the superadmin's handle had opened would have reached it first).
    storeLogin(token('c-1', 'u-1'), 'u-1');
    const u = acquireRealtime();
    await until(() => identified.length === 1, 'the user socket');
    assert.equal(sockets.length, 1);
    assert.deepEqual(
      identified.map((m) => m.user_id),
      ['u-1'],
    );
    u.release();
  });
});
