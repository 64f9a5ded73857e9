import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { chatRoutes } from '@intranet/chat-contract';
import { notificationsRoutes, type Notification } from '@intranet/notifications-contract';
import { PresenceCounter, RealtimeGateway } from '@intranet/gateway-server';
import { PresenceMap } from '@intranet/notifications-server';
import { presenceEvents, presenceOnlineOn } from '@intranet/platform-contracts/presence';
import { emit, InProcessBus, NatsBus, on, serve, type Bus, type BusEvent } from '@intranet/platform-bus';
import { testBus } from '@intranet/platform-testing';
import { secondGateway, testPortal, type TestPortal } from '@intranet/portal-testing';
import type { z } from 'zod';
import { settled, until, type Person } from './support.ts';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;
type Presence = BusEvent<z.output<typeof presenceEvents.changed.payload>>;

/**
 * Issue 10 "a chat message while away", through the real gateway (listening), its sockets, the bus and the
 * notifications consumer: Bob has an identified socket and Cid none, so Ann's message notifies Cid only; once Bob's
 * socket closes (the gateway publishes evt.gateway.presence.changed), the next message notifies him. A consumer that
 * starts late asks the gateway: every node of it (a second gateway node on the same bus), and a node it hears beat
 * for the first time during its first minute.
 */
describe('chat notifications go to the people away only (issue 10, §4 realtime presence)', () => {
  let t: TestPortal;
  let acme: Client;
  let ann: Person;
  let bob: Person;
  let cid: Person;
  const sockets: Socket[] = [];
  const seen: Presence[] = [];
  let unsub: (() => Promise<void>) | undefined;

  const person = async (email: string, firstName: string): Promise<Person> => {
    const e = await t.makeEmployee(acme.adminToken, email, { firstName });
    return { id: e.user._id, token: e.token };
  };
  /** Opens and identifies a socket of `who` on the workspace namespace of the gateway at `base` (the portal's). */
  const connect = async (who: Person, base = t.portal.url): Promise<Socket> => {
    const s = io(`${base}/notifpres`, { transports: ['websocket'], auth: { token: who.token }, reconnection: false, timeout: 5000 });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    const r = await new Promise<{ ok: boolean }>((resolve) =>
      s.emit('identify', { client_id: acme.client._id, user_id: who.id, timestamp: Date.now() }, resolve),
    );
    assert.deepEqual(r, { ok: true });
    return s;
  };
  const chatNotes = async (p: Person, roomId: string): Promise<Notification[]> =>
    (
      await t.call(notificationsRoutes.notificationFeed, {
        token: p.token,
        params: { client: acme.client._id, section: 'all', user: p.id, time: 'now' },
        query: { limit: '100' },
      })
    ).body.result.items.filter((n: Notification) => n.type === 'chat.message' && n.link === `/chat/${roomId}`);
  const send = async (roomId: string, content: string) => {
    const m = await t.call(chatRoutes.msgCreate, { token: ann.token, body: { room_id: roomId, content } });
    assert.equal(m.status, 200, JSON.stringify(m.body));
  };

  beforeAll(async () => {
    t = await testPortal({ RATE_LIMIT_SCALE: '1000' }, { listen: true });
    acme = await t.makeClient('notifpres');
    [ann, bob, cid] = await Promise.all([person('ann@notifpres.test', 'Ann'), person('bob@notifpres.test', 'Bob'), person('cid@notifpres.test', 'Cid')]);
    unsub = await on(t.portal.platform.bus, presenceEvents.changed, async (e) => void seen.push(e));
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await unsub?.();
    await t?.close();
  });

  it('a message notifies the member away (Cid), not the one with the portal open (Bob); after Bob leaves, the next one notifies him', async () => {
    const room = await t.call(chatRoutes.roomCreate, { token: ann.token, body: { name: 'Lunch', members: [bob.id, cid.id] } });
    assert.equal(room.status, 200, JSON.stringify(room.body));
    const roomId = room.body.result._id as string;

    // Two sockets of Bob: one presence event (0→1), and closing one of them leaves him online.
    const bobTab1 = await connect(bob);
    const bobTab2 = await connect(bob);
    await until(() => assert.equal(seen.filter((e) => e.data.user_id === bob.id && e.data.online).length, 1));
    const [up] = seen.filter((e) => e.data.user_id === bob.id);
    assert.equal(up!.clientId, acme.client._id);
    bobTab2.disconnect();
    // The gateway has let the tab go (one socket of Bob left) and everything it published since was handled.
    const gateway = t.portal.app.get(RealtimeGateway);
    await until(async () => assert.equal((await gateway.workspaces.server.of('/notifpres').in(`user:${bob.id}`).fetchSockets()).length, 1));
    await settled(t);
    assert.equal(seen.filter((e) => e.data.user_id === bob.id).length, 1, 'a second tab closing leaves Bob online');

    await send(roomId, 'Pizza?');
    await until(async () => assert.equal((await chatNotes(cid, roomId)).length, 1));
    await settled(t);
    assert.equal((await chatNotes(bob, roomId)).length, 0, 'Bob has the portal open: no notification');
    assert.equal((await chatNotes(ann, roomId)).length, 0, 'the sender hears nothing');

    bobTab1.disconnect();
    await until(() => assert.ok(seen.some((e) => e.data.user_id === bob.id && !e.data.online)));
    assert.equal(seen.filter((e) => e.data.user_id === bob.id && !e.data.online)[0]!.data.node, up!.data.node);
    await send(roomId, 'At one');
    await until(async () => assert.equal((await chatNotes(bob, roomId)).length, 1));
    const [n] = await chatNotes(bob, roomId);
    assert.equal(n!.actor_id, ann.id);
    assert.equal(n!.section, 'other');
    await settled(t);
    assert.equal((await chatNotes(cid, roomId)).length, 1, 'Cid’s first notification is still unread: one per room');
  });

  it('a consumer that starts late asks the gateway who is online; no answer counts everyone as away', async () => {
    const bobTab = await connect(bob);
    // A presence map that heard no event (a notifications process started after Bob connected).
    const late = new PresenceMap(t.portal.platform.bus, { askTimeoutMs: 2000, retryMs: 60_000 });
    const away = await late.away(acme.client._id, [bob.id, cid.id]);
    // The gateway bound gateway.presence.online after its bus started (the embedded portal and the gateway app both
    // start their bus first): served on NATS as in-process, so Bob is known online without any event heard.
    assert.deepEqual(away, [cid.id]);
    // Answered once: later changes come from the events only (not asked again), and a user of another client is
    // never reported online.
    const other = new PresenceMap(t.portal.platform.bus, { askTimeoutMs: 2000, retryMs: 60_000 });
    assert.deepEqual(await other.away('00000000-0000-7000-8000-000000000000', [bob.id]), [bob.id]);
    // A bus with no gateway on it (nothing answers the request): everyone counts as away, Bob too.
    const lone = testBus();
    await lone.start();
    try {
      const unanswered = new PresenceMap(lone, { askTimeoutMs: 2000, retryMs: 60_000 });
      assert.deepEqual(await unanswered.away(acme.client._id, [bob.id, cid.id]), [bob.id, cid.id]);
    } finally {
      await lone.close();
    }
    bobTab.disconnect();
  });

  it('a gateway node that stops its heartbeat (crashed, never said its users left) keeps no one online', async () => {
    const map = new PresenceMap(t.portal.platform.bus, { askTimeoutMs: 500, retryMs: 60_000 });
    await map.start();
    try {
      const bus = t.portal.platform.bus;
      // A node of its own beating every 200 ms, with Cid online on it.
      await emit(bus, presenceEvents.heartbeat, null, { node: 'ghost', every_ms: 200 });
      await emit(bus, presenceEvents.changed, acme.client._id, { user_id: cid.id, online: true, node: 'ghost' });
      await until(async () => assert.deepEqual(await map.away(acme.client._id, [cid.id, ann.id]), [ann.id]));
      // It beats again, then falls silent: three periods later Cid counts as away.
      await emit(bus, presenceEvents.heartbeat, null, { node: 'ghost', every_ms: 200 });
      assert.deepEqual(await map.away(acme.client._id, [cid.id]), [], 'still online while the node beats');
      await until(async () => assert.deepEqual(await map.away(acme.client._id, [cid.id]), [cid.id]), 3000);
    } finally {
      await map.stop();
    }
  });

  it('with two gateway nodes, a consumer that starts late learns the users online on each of them', async () => {
    // A second gateway node on the same bus: the shared request subject stays the first node's, so only its users
    // would be learnt from that answer alone.
    const second = await secondGateway(t);
    try {
      const url = second.url;
      const from = seen.length;
      const bobOnA = await connect(bob);
      const cidOnB = await connect(cid, url);
      const upOf = (who: Person) => seen.slice(from).find((e) => e.data.user_id === who.id && e.data.online);
      await until(() => assert.ok(upOf(bob) && upOf(cid)));
      assert.notEqual(upOf(bob)!.data.node, upOf(cid)!.data.node, 'Bob and Cid are on two nodes');

      // A notifications process started after both connected: it heard no event of theirs.
      const late = new PresenceMap(t.portal.platform.bus, { askTimeoutMs: 2000, retryMs: 60_000 });
      await late.start();
      try {
        assert.deepEqual(await late.away(acme.client._id, [bob.id, cid.id, ann.id]), [ann.id], 'Bob (node A) and Cid (node B) are online');
        // From then on the events: Cid closing his socket on node B makes him away, Bob stays online.
        cidOnB.disconnect();
        await until(async () => assert.deepEqual(await late.away(acme.client._id, [bob.id, cid.id, ann.id]), [cid.id, ann.id]));
      } finally {
        await late.stop();
      }
      bobOnA.disconnect();
      await until(() => assert.ok(seen.slice(from).some((e) => e.data.user_id === bob.id && !e.data.online)));
    } finally {
      await second.close();
    }
  });

  it('gateway nodes in processes of their own all answer the shared request: a late consumer still learns the users of each', async () => {
    // Distributed: three connections to NATS on one subject prefix (nodes A and B, the notifications process), no
    // queue group, so both nodes answer gateway.presence.online and the asker keeps whichever reply came first.
    // In-process: one bus for all three (node B's own subject only).
    const prefix = `t${randomBytes(5).toString('hex')}`;
    const shared = new InProcessBus();
    const open = (): Bus => (process.env.NATS_URL ? new NatsBus({ servers: process.env.NATS_URL, prefix, ephemeral: true }) : shared);
    const [busA, busB, busN] = [open(), open(), open()];
    const buses = [...new Set([busA, busB, busN])];
    for (const b of buses) await b.start();
    const log = t.portal.platform.log;
    const nodeA = new PresenceCounter(busA, log);
    const nodeB = new PresenceCounter(busB, log);
    try {
      for (const n of [nodeA, nodeB]) {
        n.start();
        let bound: Promise<void> | undefined;
        try {
          bound = n.serve();
        } catch {
          // In-process: node A answers the shared subject, node B its own only.
        }
        // On NATS the request server's connection and SUBs are made after start(): asked before they reach the
        // server, nobody would answer.
        await bound;
      }
      await nodeA.add(acme.client._id, bob.id);
      await nodeB.add(acme.client._id, cid.id);
      // Each knows the other from its heartbeat (the older node answers a new one's first beat at once).
      await until(() => assert.deepEqual([nodeA.nodes().length, nodeB.nodes().length], [2, 2]), 5000);
      const late = new PresenceMap(busN, { askTimeoutMs: 2000, retryMs: 60_000 });
      assert.deepEqual(await late.away(acme.client._id, [bob.id, cid.id, ann.id]), [ann.id], 'Bob (node A) and Cid (node B) are online');
    } finally {
      await nodeA.settled();
      await nodeB.settled();
      for (const b of buses) await b.close();
    }
  });

  it('during its first minute, a consumer asks a gateway node it hears beat for the first time what it asked the others', async () => {
    const bus = t.portal.platform.bus;
    const map = new PresenceMap(bus, { askTimeoutMs: 2000, retryMs: 60_000, startupMs: 30_000 });
    await map.start();
    try {
      // A node the answering gateway had not heard of yet (it just started), with Ann online on it.
      serve(bus, presenceOnlineOn('latecomer'), async ({ userIds }, ctx) => ({
        online: userIds.filter((u) => u === ann.id && ctx.clientId === acme.client._id),
        node: 'latecomer',
        nodes: ['latecomer'],
      }));
      assert.deepEqual(await map.away(acme.client._id, [ann.id, cid.id]), [ann.id, cid.id], 'nobody knows that node yet');
      // Its first heartbeat: asked the question answered before, so Ann counts as online.
      await emit(bus, presenceEvents.heartbeat, null, { node: 'latecomer', every_ms: 10_000 });
      await until(async () => assert.deepEqual(await map.away(acme.client._id, [ann.id, cid.id]), [cid.id]));
      // And once only: a node that says so later (an event) wins.
      await emit(bus, presenceEvents.changed, acme.client._id, { user_id: ann.id, online: false, node: 'latecomer' });
      await emit(bus, presenceEvents.heartbeat, null, { node: 'latecomer', every_ms: 10_000 });
      await until(async () => assert.deepEqual(await map.away(acme.client._id, [ann.id, cid.id]), [ann.id, cid.id]));
      await settled(t);
      assert.deepEqual(await map.away(acme.client._id, [ann.id, cid.id]), [ann.id, cid.id], 'its next beat asks nothing again');
    } finally {
      await map.stop();
    }
  });
});
