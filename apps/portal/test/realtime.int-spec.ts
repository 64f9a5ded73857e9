import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { io, type Socket } from 'socket.io-client';
import { testPortal, type TestPortal } from '../src/testing.ts';

describe('realtime socket (§4): namespace per workspace, identify, relay only to that workspace', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let beta: Awaited<ReturnType<TestPortal['makeClient']>>;
  const sockets: Socket[] = [];
  before(async () => {
    t = await testPortal({}, { listen: true });
    acme = await t.makeClient('acme');
    beta = await t.makeClient('beta');
  });
  after(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  const connect = (ws: string, token: string) => {
    const s = io(`${t.portal.url}/${ws}`, { transports: ['websocket'], auth: { token }, reconnection: false, timeout: 5000 });
    sockets.push(s);
    return s;
  };
  const connected = (s: Socket) =>
    new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', (e) => reject(e));
    });
  const identify = (s: Socket, client_id: string, user_id: string) =>
    new Promise<{ ok: boolean }>((resolve) => s.emit('identify', { client_id, user_id, timestamp: Date.now() }, resolve));

  it('relays a workspace event to its identified sockets and to no other workspace', async () => {
    const a = connect('acme', acme.adminToken);
    const b = connect('beta', beta.adminToken);
    await Promise.all([connected(a), connected(b)]);
    assert.deepEqual(await identify(a, acme.client._id, acme.admin._id), { ok: true });
    assert.deepEqual(await identify(b, beta.client._id, beta.admin._id), { ok: true });
    const gotA = new Promise((resolve) => a.once('evt.social.post.created', resolve));
    let betaGot = false;
    b.on('evt.social.post.created', () => (betaGot = true));
    await t.portal.platform.bus.publish('evt.social.post.created', acme.client._id, { _id: 'p1' });
    assert.deepEqual(await gotA, { _id: 'p1' });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(betaGot, false);
  });

  it('targets single users when the event names them', async () => {
    const emp = await t.makeEmployee(acme.adminToken, 'rt@acme.test');
    const admin = connect('acme', acme.adminToken);
    const e = connect('acme', emp.token);
    await Promise.all([connected(admin), connected(e)]);
    await identify(admin, acme.client._id, acme.admin._id);
    await identify(e, acme.client._id, emp.user._id);
    let adminGot = false;
    admin.on('evt.social.notice', () => (adminGot = true));
    const got = new Promise((resolve) => e.once('evt.social.notice', resolve));
    await t.portal.platform.bus.publish('evt.social.notice', acme.client._id, { userIds: [emp.user._id], text: 'hi' });
    assert.deepEqual(await got, { userIds: [emp.user._id], text: 'hi' });
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(adminGot, false);
  });

  it("refuses another workspace's namespace, a bad token and a false identity", async () => {
    await assert.rejects(connected(connect('acme', beta.adminToken)));
    await assert.rejects(connected(connect('acme', 'not-a-token')));
    const s = connect('acme', acme.adminToken);
    await connected(s);
    const gone = new Promise((resolve) => s.once('disconnect', resolve));
    assert.deepEqual(await identify(s, acme.client._id, beta.admin._id), { ok: false });
    await gone;
  });
});
