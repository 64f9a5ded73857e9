// @slow 30s: a socket dropped and caught up.
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it, jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { RealtimeGateway } from '@intranet/gateway-server';
import { apiCaller, startBrowserPortal, type BrowserPortal, signIn as signInAs, SUPERADMIN as SU, loginCaller } from '@intranet/portal-testing/e2e';

/**
 * Issue 18 §5 "Realtime: events published while a gateway was down were lost for its sockets". The gateway drops
 * B's socket and refuses new ones for a while (as one that restarts does); the admin posts meanwhile, so the live
 * event reaches no one; once B's socket is back, the page fetches what it shows again and the post is there,
 * without a reload. (Embedded mode, one gateway: the loss is the same as with one of two gateways killed.)
 */

jest.setTimeout(180_000);
describe('realtime catch-up after a lost socket', () => {
  let e: BrowserPortal;
  const api = apiCaller(() => e.portal.url);
  const login = loginCaller(api);
  beforeAll(async () => {
    // In this file's sandbox: the spec takes the gateway's Socket.IO engine by its class (app.get(RealtimeGateway)).
    e = await startBrowserPortal(['shell/index.html', 'wall/mf-manifest.json'], { inSandbox: true });
  });
  afterAll(() => e?.close());

  const signIn = (page: Page, l: string, password: string) => signInAs(page, l, password, { landing: /\/company\/?$/, ready: 'post-form' });

  type Engine = {
    clients: Record<string, { close(): void }>;
    clientsCount: number;
    opts: { allowRequest?: (req: unknown, cb: (err: string | null | undefined, ok: boolean) => void) => void };
  };
  const engineOf = () => (e.portal.app.get(RealtimeGateway, { strict: false }).workspaces.server as unknown as { engine: Engine }).engine;

  /**
   * A gateway going down: every socket connection is closed at the transport level and new ones are refused until
   * `up()` (the browsers keep retrying, as they would against a restarting gateway).
   */
  const goDown = () => {
    const engine = engineOf();
    const before = engine.clientsCount;
    const original = engine.opts.allowRequest;
    engine.opts.allowRequest = (_req, cb) => cb('gateway down', false);
    for (const c of Object.values(engine.clients)) c.close();
    return {
      before,
      up: () => {
        engine.opts.allowRequest = original;
      },
    };
  };

  it('a post made while the socket was away appears once it is back', async () => {
    const su = await login(SU.login, SU.password);
    const client = await api<{ _id: string }>('POST', '/api/clients', su.token, { workspace: 'catchup', name: 'Catch-up Ltd' });
    await api('POST', '/api/register', su.token, {
      client_id: client._id,
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'admin@catchup.test',
      password: 'adminpass1',
      confirmPassword: 'adminpass1',
      roles: ['admin'],
    });
    const admin = await login('admin@catchup.test', 'adminpass1');
    await api('POST', '/api/register', admin.token, {
      firstName: 'Bob',
      lastName: 'Baker',
      email: 'bob@catchup.test',
      password: 'employee1',
      confirmPassword: 'employee1',
    });

    const b = await e.newPage();
    await signIn(b.page, 'bob@catchup.test', 'employee1');
    await b.page.getByTestId('feed-empty').waitFor();
    // Live delivery works first: a post by the admin reaches B without a reload.
    await api('POST', '/api/post', admin.token, { message: 'Before the drop' });
    await b.page.getByText('Before the drop').waitFor({ timeout: 10_000 });

    const down = goDown();
    assert.ok(down.before >= 1, 'B had a socket');
    // The post's live event, seen on the bus by a subscriber of the spec's own made after the gateway's relay
    // (the in-process bus hands an event to its subscribers in that order): relayed by then, to no one.
    let relayed!: () => void;
    const seen = new Promise<void>((resolve) => (relayed = resolve));
    const unsubscribe = await e.portal.platform.bus.subscribe('evt.social.post.created', async (evt) => {
      if (JSON.stringify(evt.data).includes('Posted while B was away')) relayed();
    });
    await api('POST', '/api/post', admin.token, { message: 'Posted while B was away' });
    await seen;
    await unsubscribe();
    assert.equal(engineOf().clientsCount, 0, 'B could not reconnect yet');
    assert.equal(await b.page.getByText('Posted while B was away').count(), 0);
    down.up();
    await b.page.getByText('Posted while B was away').waitFor({ timeout: 20_000 });
    assert.equal(await b.page.getByText('Before the drop').count(), 1, 'nothing shown twice');
  });
});
