// @slow 30s: two clients, sockets and a 130-message history.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { CHAT_CONTENT_MAX, chatRoutes, type ChatMessage } from '@intranet/chat-contract';
import { clientSubjects } from '@intranet/clients-contract';
import { peopleRoutes } from '@intranet/people-contract';
import { ask, systemContext } from '@intranet/platform-bus';
import { uuidv7 } from '@intranet/platform-db';
import { eventually, ok } from '@intranet/platform-testing';
import { secondGateway, testPortal, type TestPortal } from '@intranet/portal-testing';

type Person = { id: string; token: string };
const fields = (body: { errors?: { field: string; message: string }[] }) => Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));

/**
 * §7 Chat through the real gateway, bus and sockets (PostgreSQL + NATS when set, else PGlite and the in-process bus):
 * every route, membership, direct-room uniqueness, keyset paging while messages arrive, unread counters after
 * seen, files, sanitising, and isolation of data and socket events (other members, other clients).
 */
describe('chat (§7 Chat, §3 Chat room and message, §4 realtime)', () => {
  let t: TestPortal;
  let acme: Awaited<ReturnType<TestPortal['makeClient']>>;
  let beta: Awaited<ReturnType<TestPortal['makeClient']>>;
  let ann: Person;
  let bob: Person;
  let cat: Person;
  let eve: Person;
  const sockets: Socket[] = [];

  const person = async (adminToken: string, email: string, firstName: string): Promise<Person> => {
    const e = await t.makeEmployee(adminToken, email, { firstName, lastName: 'Tester' });
    return { id: e.user._id, token: e.token };
  };
  const send = (who: Person, room_id: string, content: string) =>
    ok<ChatMessage>(t.call(chatRoutes.msgCreate, { token: who.token, body: { room_id, content } }));

  /** A socket identified as `who` of `ws` (on the gateway at `base`), recording every event it gets. */
  const listen = async (ws: string, clientId: string, who: Person, base = t.portal.url) => {
    const s = io(`${base}/${ws}`, { transports: ['websocket'], auth: { token: who.token }, reconnection: false, timeout: 5000 });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    const got: { subject: string; data: any }[] = [];
    s.onAny((subject: string, data: unknown) => got.push({ subject, data }));
    const r = await new Promise<{ ok: boolean }>((resolve) => s.emit('identify', { client_id: clientId, user_id: who.id, timestamp: Date.now() }, resolve));
    assert.deepEqual(r, { ok: true });
    return { s, got };
  };

  /** Waits until `sock` got the message whose content is `content` (events reach a socket in order). */
  const arrived = (sock: { got: { subject: string; data: any }[] }, content: string) =>
    eventually(() => sock.got.some((e) => e.subject === 'evt.chat.msg.created' && e.data.msg.content === content));

  beforeAll(async () => {
    t = await testPortal({ RATE_LIMIT_SCALE: '1000' }, { listen: true });
    acme = await t.makeClient('chatacme');
    beta = await t.makeClient('chatbeta');
    ann = await person(acme.adminToken, 'ann@chatacme.test', 'Ann');
    bob = await person(acme.adminToken, 'bob@chatacme.test', 'Bob');
    cat = await person(acme.adminToken, 'cat@chatacme.test', 'Cat');
    eve = await person(beta.adminToken, 'eve@chatbeta.test', 'Eve');
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  it('a direct room is unique per pair (from either side); §5 texts for a group without name or members; another client’s user is not found', async () => {
    const one = await ok(t.call(chatRoutes.roomCreate, { token: ann.token, body: { direct: true, members: [bob.id] } }));
    const again = await ok(t.call(chatRoutes.roomCreate, { token: bob.token, body: { direct: true, members: [ann.id] } }));
    assert.equal(again._id, one._id);
    assert.equal(one.direct, true);
    assert.equal(one.name, 'Bob Tester');
    assert.deepEqual(one.members.map((m: { _id: string }) => m._id).sort(), [ann.id, bob.id].sort());
    const concurrent = await Promise.all([1, 2, 3].map(() => t.call(chatRoutes.roomCreate, { token: ann.token, body: { direct: true, members: [cat.id] } })));
    assert.equal(new Set(concurrent.map((r) => r.body.result._id)).size, 1);

    const noName = await t.call(chatRoutes.roomCreate, { token: ann.token, body: { members: [bob.id] } });
    assert.equal(noName.status, 400);
    assert.equal(fields(noName.body).name, 'Field is required');
    const tooLong = await t.call(chatRoutes.roomCreate, { token: ann.token, body: { name: 'x'.repeat(101), members: [bob.id] } });
    assert.equal(fields(tooLong.body).name, 'Max 100 symbols');
    const twoDirect = await t.call(chatRoutes.roomCreate, { token: ann.token, body: { direct: true, members: [bob.id, cat.id] } });
    assert.equal(twoDirect.status, 400);
    const self = await t.call(chatRoutes.roomCreate, { token: ann.token, body: { direct: true, members: [ann.id] } });
    assert.equal(self.status, 400);
    const foreign = await t.call(chatRoutes.roomCreate, { token: ann.token, body: { name: 'With Eve', members: [eve.id] } });
    assert.equal(foreign.status, 400);
    assert.equal(fields(foreign.body).members, 'User not found');
  });

  it('messages: content required unless a file, size limit, sanitised; files by the upload rules; edit and delete by the sender only', async () => {
    const room = await ok(t.call(chatRoutes.roomCreate, { token: ann.token, body: { name: 'Files', members: [bob.id] } }));
    const empty = await t.call(chatRoutes.msgCreate, { token: ann.token, body: { room_id: room._id, content: '  <p> </p> ' } });
    assert.equal(empty.status, 400);
    assert.equal(fields(empty.body).content, 'Field is required');
    const long = await t.call(chatRoutes.msgCreate, { token: ann.token, body: { room_id: room._id, content: 'x'.repeat(4001) } });
    assert.equal(fields(long.body).content, 'Max 4000 symbols');
    const xss = await send(ann, room._id, 'hi <script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a> 😀');
    assert.ok(!/script|onerror|javascript:|<img/i.test(xss.content), xss.content);
    assert.ok(xss.content.includes('😀'));
    assert.equal(xss.seen, false);
    assert.equal(xss.username, 'Ann Tester');

    // A file: the client's own upload, counted in its storage; gone (and released) with its message.
    const key = `${acme.client._id}/chat/${uuidv7()}/report.pdf`;
    await t.portal.platform.storage.put(key, Readable.from([Buffer.alloc(1000, 7)]), { contentType: 'application/pdf' });
    const usage = () => ask(t.portal.platform.bus, clientSubjects.storageReserve, systemContext(acme.client._id), { clientId: acme.client._id, bytes: 0 });
    await ask(t.portal.platform.bus, clientSubjects.storageReserve, systemContext(acme.client._id), { clientId: acme.client._id, bytes: 1000 });
    const used = (await usage()).used;
    const withFile = await ok<ChatMessage>(
      t.call(chatRoutes.msgCreate, {
        token: ann.token,
        body: { room_id: room._id, file: { key, fileName: 'report.pdf', mimetype: 'application/pdf', size: 1000 } },
      }),
    );
    assert.equal(withFile.content, '');
    assert.equal(withFile.file?.fileName, 'report.pdf');
    assert.ok(withFile.file?.url.includes('sig='));
    const reuse = await t.call(chatRoutes.msgCreate, {
      token: bob.token,
      body: { room_id: room._id, content: 'again', file: { key, fileName: 'r.pdf', size: 1000 } },
    });
    assert.equal(reuse.status, 409);
    const foreignKey = await t.call(chatRoutes.msgCreate, {
      token: ann.token,
      body: { room_id: room._id, file: { key: `${beta.client._id}/chat/x/y.pdf`, fileName: 'y.pdf', size: 1 } },
    });
    assert.equal(foreignKey.status, 404);
    assert.equal(fields(foreignKey.body).file, 'The file was not found or was deleted');
    const tooBig = await t.call(chatRoutes.msgCreate, {
      token: ann.token,
      body: { room_id: room._id, file: { key, fileName: 'r.pdf', size: 251 * 1024 * 1024 } },
    });
    assert.equal(tooBig.status, 413);
    assert.equal(fields(tooBig.body).file, 'Files above 250 MB cannot be attached');

    // Edit and delete: the sender only.
    const notMine = await t.call(chatRoutes.msgUpdate, { token: bob.token, params: { id: xss._id }, body: { content: 'hacked' } });
    assert.equal(notMine.status, 403);
    const edited = await ok<ChatMessage>(
      t.call(chatRoutes.msgUpdate, { token: ann.token, params: { id: xss._id }, body: { content: 'hello <b>all</b><script>x()</script>' } }),
    );
    assert.equal(edited.content, 'hello <b>all</b>');
    assert.ok(edited.edited);
    assert.equal((await t.call(chatRoutes.msgUpdate, { token: ann.token, params: { id: xss._id }, body: { content: ' ' } })).status, 400);
    assert.equal((await t.call(chatRoutes.msgDelete, { token: bob.token, params: { id: withFile._id } })).status, 403);
    await ok(t.call(chatRoutes.msgDelete, { token: ann.token, params: { id: withFile._id } }));
    await eventually(async () => (await usage()).used === used - 1000);
    assert.equal(await t.portal.platform.storage.get(key).catch(() => null), null);
    const history = await ok(t.call(chatRoutes.msgList, { token: bob.token, params: { id: room._id } }));
    assert.deepEqual(
      history.msgs.map((m: ChatMessage) => m._id),
      [xss._id],
    );
  });

  it('issue 38 §4: an attachment is read only by the room members (signed URL alone, a colleague outside the room, another client: refused)', async () => {
    const room = await ok(t.call(chatRoutes.roomCreate, { token: ann.token, body: { name: 'Payroll', members: [bob.id] } }));
    const key = `${acme.client._id}/chat/${uuidv7()}/salaries.pdf`;
    await t.portal.platform.storage.put(key, Readable.from([Buffer.from('salaries')]), { contentType: 'application/pdf' });
    const sent = await ok<ChatMessage>(
      t.call(chatRoutes.msgCreate, {
        token: ann.token,
        body: { room_id: room._id, file: { key, fileName: 'salaries.pdf', mimetype: 'application/pdf', size: 8 } },
      }),
    );
    const url = sent.file!.url;
    const get = async (token?: string) =>
      (
        await t.portal.app
          .getHttpAdapter()
          .getInstance()
          .inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} })
      ).statusCode as number;
    assert.equal(await get(bob.token), 200);
    assert.equal(await get(ann.token), 200);
    assert.equal(await get(), 401, 'the signed URL alone is no credential');
    assert.equal(await get(cat.token), 403, 'a colleague outside the room');
    assert.equal(await get(eve.token), 403, 'another client');
    // Removal from the room ends it at once.
    await ok(t.call(chatRoutes.roomUpdate, { token: ann.token, body: { _id: room._id, remove: [bob.id] } }));
    assert.equal(await get(bob.token), 403);
    // An attachment must be of the guarded kind: a plain upload key is refused.
    const plain = `${acme.client._id}/file/${uuidv7()}/x.pdf`;
    await t.portal.platform.storage.put(plain, Readable.from([Buffer.from('x')]), { contentType: 'application/pdf' });
    const refused = await t.call(chatRoutes.msgCreate, { token: ann.token, body: { room_id: room._id, file: { key: plain, fileName: 'x.pdf', size: 1 } } });
    assert.equal(refused.status, 404);
  });

  it('issue 29 §14: a message over the contract limit (12,000 symbols) is refused with the field code and stored nowhere, never cut; 4,000 go whole', async () => {
    const room = await ok(t.call(chatRoutes.roomCreate, { token: ann.token, body: { name: 'Limits', members: [bob.id] } }));
    const kept = await send(ann, room._id, 'first');
    const expected = [{ field: 'content', code: 'tooLong', params: { max: CHAT_CONTENT_MAX }, message: `Max ${CHAT_CONTENT_MAX} symbols` }];
    const long = await t.call(chatRoutes.msgCreate, { token: ann.token, body: { room_id: room._id, content: 'x'.repeat(12_000) } });
    assert.equal(long.status, 400);
    assert.deepEqual(long.body.errors, expected);
    const longEdit = await t.call(chatRoutes.msgUpdate, { token: ann.token, params: { id: kept._id }, body: { content: 'x'.repeat(12_000) } });
    assert.equal(longEdit.status, 400);
    assert.deepEqual(longEdit.body.errors, expected);
    const page = await ok(t.call(chatRoutes.msgList, { token: bob.token, params: { id: room._id } }));
    assert.deepEqual(
      page.msgs.map((m: ChatMessage) => [m._id, m.content, m.edited]),
      [[kept._id, 'first', null]],
    );
    const rooms = await ok(t.call(chatRoutes.roomList, { token: bob.token, params: { id: bob.id }, query: {} }));
    assert.equal(rooms.rooms.find((r: { _id: string }) => r._id === room._id)?.unread, 1);
    const whole = await send(ann, room._id, 'y'.repeat(CHAT_CONTENT_MAX));
    assert.equal(whole.content, 'y'.repeat(CHAT_CONTENT_MAX));
  });

  it('only members read or write a room; the owner renames, adds and removes; a member leaves; removal and leaving stop delivery at once', async () => {
    const room = await ok(t.call(chatRoutes.roomCreate, { token: ann.token, body: { name: 'Team', members: [bob.id] } }));
    const first = await send(ann, room._id, 'Team secret');
    // cat (same client, not a member) and eve (another client): nothing, whatever the route.
    for (const who of [cat, eve]) {
      for (const [route, o] of [
        [chatRoutes.roomGet, { params: { id: room._id } }],
        [chatRoutes.msgList, { params: { id: room._id } }],
        [chatRoutes.msgCreate, { body: { room_id: room._id, content: 'intrude' } }],
        [chatRoutes.roomSeen, { params: { id: room._id }, body: {} }],
        [chatRoutes.roomTyping, { params: { id: room._id }, body: {} }],
        [chatRoutes.msgUpdate, { params: { id: first._id }, body: { content: 'x' } }],
        [chatRoutes.msgDelete, { params: { id: first._id } }],
        [chatRoutes.roomUpdate, { body: { _id: room._id, name: 'Mine' } }],
        [chatRoutes.roomDelete, { params: { id: room._id } }],
        [chatRoutes.roomLeave, { params: { id: room._id } }],
      ] as const) {
        const r = await t.call(route, { token: who.token, ...o });
        // Rooms and messages are read through the caller's membership: for a non-member they do not exist.
        assert.equal(r.status, 404, `${route.method} ${route.path}: ${r.status} ${JSON.stringify(r.body)}`);
        assert.ok(!JSON.stringify(r.body).includes('Team secret'));
      }
      const list = await ok(t.call(chatRoutes.roomList, { token: who.token, params: { id: who.id } }));
      assert.ok(!list.rooms.some((r: { _id: string }) => r._id === room._id));
    }
    assert.equal((await t.call(chatRoutes.roomList, { token: cat.token, params: { id: ann.id } })).status, 403);
    // A member is not the owner.
    assert.equal((await t.call(chatRoutes.roomUpdate, { token: bob.token, body: { _id: room._id, name: 'Bob’s' } })).status, 403);
    assert.equal((await t.call(chatRoutes.roomDelete, { token: bob.token, params: { id: room._id } })).status, 403);

    const catSock = await listen('chatacme', acme.client._id, cat);
    const bobSock = await listen('chatacme', acme.client._id, bob);
    const renamed = await ok(t.call(chatRoutes.roomUpdate, { token: ann.token, body: { _id: room._id, name: 'Team 2', add: [cat.id] } }));
    assert.equal(renamed.name, 'Team 2');
    assert.equal(renamed.members_count, 3);
    await eventually(() => catSock.got.some((e) => e.subject === 'evt.chat.room.created' && e.data.room._id === room._id));
    // The new member reads the history; nothing old counts as unread.
    const catView = await ok(t.call(chatRoutes.roomGet, { token: cat.token, params: { id: room._id } }));
    assert.equal(catView.unread, 0);
    assert.equal((await ok(t.call(chatRoutes.msgList, { token: cat.token, params: { id: room._id } }))).msgs.length, 1);

    await send(ann, room._id, 'to three');
    await eventually(() => catSock.got.some((e) => e.subject === 'evt.chat.msg.created' && e.data.msg.content === 'to three'));
    // Removal: cat is told, then gets nothing more and cannot read.
    await ok(t.call(chatRoutes.roomUpdate, { token: ann.token, body: { _id: room._id, remove: [cat.id] } }));
    await eventually(() => catSock.got.some((e) => e.subject === 'evt.chat.room.removed' && e.data.reason === 'removed'));
    await send(ann, room._id, 'after removal');
    await eventually(() => bobSock.got.some((e) => e.subject === 'evt.chat.msg.created' && e.data.msg.content === 'after removal'));
    assert.ok(!catSock.got.some((e) => JSON.stringify(e.data).includes('after removal')));
    assert.equal((await t.call(chatRoutes.msgList, { token: cat.token, params: { id: room._id } })).status, 404);

    // Leaving: bob leaves, gets nothing more; the owner leaving hands the room over; the last one out deletes it.
    await ok(t.call(chatRoutes.roomLeave, { token: bob.token, params: { id: room._id } }));
    await send(ann, room._id, 'after leaving');
    // A later message to bob elsewhere: once it has arrived, so would have anything sent to him before it.
    const direct = await ok(t.call(chatRoutes.roomCreate, { token: ann.token, body: { direct: true, members: [bob.id] } }));
    await send(ann, direct._id, 'marker after leaving');
    await arrived(bobSock, 'marker after leaving');
    assert.ok(!bobSock.got.some((e) => JSON.stringify(e.data).includes('after leaving') && !JSON.stringify(e.data).includes('marker after leaving')));
    assert.equal((await t.call(chatRoutes.roomLeave, { token: bob.token, params: { id: room._id } })).status, 404);
    const g2 = await ok(t.call(chatRoutes.roomCreate, { token: ann.token, body: { name: 'Handover', members: [bob.id] } }));
    await ok(t.call(chatRoutes.roomLeave, { token: ann.token, params: { id: g2._id } }));
    assert.equal((await ok(t.call(chatRoutes.roomGet, { token: bob.token, params: { id: g2._id } }))).owner, bob.id);
    await ok(t.call(chatRoutes.roomLeave, { token: bob.token, params: { id: g2._id } }));
    // Deleting: the owner; members are told.
    const g3 = await ok(t.call(chatRoutes.roomCreate, { token: ann.token, body: { name: 'Short-lived', members: [bob.id] } }));
    await send(bob, g3._id, 'bye');
    await ok(t.call(chatRoutes.roomDelete, { token: ann.token, params: { id: g3._id } }));
    await eventually(() => bobSock.got.some((e) => e.subject === 'evt.chat.room.removed' && e.data.room_id === g3._id && e.data.reason === 'deleted'));
    assert.equal((await t.call(chatRoutes.roomGet, { token: bob.token, params: { id: g3._id } })).status, 404);
  });

  it('history pages backwards by keyset and stays stable while new messages arrive', async () => {
    const room = await ok(t.call(chatRoutes.roomCreate, { token: ann.token, body: { name: 'History', members: [bob.id] } }));
    const sent: string[] = [];
    for (let i = 0; i < 120; i++) sent.push((await send(i % 2 ? bob : ann, room._id, `m${i}`))._id);
    const p1 = await ok(t.call(chatRoutes.msgList, { token: bob.token, params: { id: room._id } }));
    assert.deepEqual(
      p1.msgs.map((m: ChatMessage) => m._id),
      sent.slice(70),
    );
    assert.equal(p1.hasMore, true);
    for (let i = 0; i < 10; i++) await send(ann, room._id, `new${i}`);
    const p2 = await ok(t.call(chatRoutes.msgList, { token: bob.token, params: { id: room._id }, query: { before: p1.before } }));
    assert.deepEqual(
      p2.msgs.map((m: ChatMessage) => m._id),
      sent.slice(20, 70),
    );
    const p3 = await ok(t.call(chatRoutes.msgList, { token: bob.token, params: { id: room._id }, query: { before: p2.before } }));
    assert.deepEqual(
      p3.msgs.map((m: ChatMessage) => m.content),
      sent.slice(0, 20).map((_, i) => `m${i}`),
    );
    assert.equal(p3.hasMore, false);
    assert.equal(p3.before, null);
    const small = await ok(t.call(chatRoutes.msgList, { token: bob.token, params: { id: room._id }, query: { limit: '5' } }));
    assert.deepEqual(
      small.msgs.map((m: ChatMessage) => m.content),
      ['new5', 'new6', 'new7', 'new8', 'new9'],
    );
    assert.equal((await t.call(chatRoutes.msgList, { token: bob.token, params: { id: room._id }, query: { limit: '101' } })).status, 400);
  });

  it('unread counts per room and in total, kept by writes; seen moves forward only and shows as `seen` to the sender, live', async () => {
    const dana = await person(acme.adminToken, 'dana@chatacme.test', 'Dana');
    const room = await ok(t.call(chatRoutes.roomCreate, { token: ann.token, body: { direct: true, members: [dana.id] } }));
    const danaSock = await listen('chatacme', acme.client._id, dana);
    const annSock = await listen('chatacme', acme.client._id, ann);
    const m1 = await send(ann, room._id, 'one');
    const m2 = await send(ann, room._id, 'two');
    await send(ann, room._id, 'three');
    let list = await ok(t.call(chatRoutes.roomList, { token: dana.token, params: { id: dana.id } }));
    assert.equal(list.unread_total, 3);
    assert.equal(list.rooms[0]._id, room._id);
    assert.equal(list.rooms[0].unread, 3);
    assert.equal(list.rooms[0].last.content, 'three');
    assert.equal(list.rooms[0].name, 'Ann Tester');
    assert.equal((await ok(t.call(chatRoutes.roomList, { token: ann.token, params: { id: ann.id } }))).rooms.find((r: any) => r._id === room._id).unread, 0);

    // Typing reaches the other member only.
    await ok(t.call(chatRoutes.roomTyping, { token: ann.token, params: { id: room._id }, body: { typing: true } }));
    const typing = await eventually(() => danaSock.got.find((e) => e.subject === 'evt.chat.room.typing'));
    assert.equal(typing.data.user_id, ann.id);
    assert.equal(typing.data.username, 'Ann Tester');
    // The audience routes the event; it is not sent to the members.
    assert.equal(typing.data.audience, undefined);
    assert.ok(!annSock.got.some((e) => e.subject === 'evt.chat.room.typing'));

    const s2 = await ok(t.call(chatRoutes.roomSeen, { token: dana.token, params: { id: room._id }, body: { msg_id: m2._id } }));
    assert.deepEqual(s2, { room_id: room._id, last_seen: m2._id, unread: 1, unread_total: 1 });
    const seenEvt = await eventually(() => annSock.got.find((e) => e.subject === 'evt.chat.msg.seen'));
    assert.equal(seenEvt.data.last_seen, m2._id);
    const page = await ok(t.call(chatRoutes.msgList, { token: ann.token, params: { id: room._id } }));
    assert.deepEqual(
      page.msgs.map((m: ChatMessage) => m.seen),
      [true, true, false],
    );
    // Never back.
    const back = await ok(t.call(chatRoutes.roomSeen, { token: dana.token, params: { id: room._id }, body: { msg_id: m1._id } }));
    assert.equal(back.last_seen, m2._id);
    assert.equal(back.unread, 1);
    // Deleting a message nobody read lowers the count; seen without msg_id reads everything.
    const m4 = await send(ann, room._id, 'four');
    assert.equal((await ok(t.call(chatRoutes.roomList, { token: dana.token, params: { id: dana.id } }))).unread_total, 2);
    await ok(t.call(chatRoutes.msgDelete, { token: ann.token, params: { id: m4._id } }));
    assert.equal((await ok(t.call(chatRoutes.roomList, { token: dana.token, params: { id: dana.id } }))).unread_total, 1);
    const all = await ok(t.call(chatRoutes.roomSeen, { token: dana.token, params: { id: room._id }, body: {} }));
    assert.equal(all.unread, 0);
    assert.equal(all.unread_total, 0);
    list = await ok(t.call(chatRoutes.roomList, { token: ann.token, params: { id: ann.id } }));
    assert.equal(list.rooms.find((r: any) => r._id === room._id).last.seen, true);
    // A message of another room is not a position here.
    const other = await ok(t.call(chatRoutes.roomCreate, { token: ann.token, body: { name: 'Other', members: [dana.id] } }));
    const om = await send(ann, other._id, 'elsewhere');
    assert.equal((await t.call(chatRoutes.roomSeen, { token: dana.token, params: { id: room._id }, body: { msg_id: om._id } })).status, 404);
    // The message and seen events reached both members' sockets exactly once each.
    await eventually(() => danaSock.got.filter((e) => e.subject === 'evt.chat.msg.created' && e.data.msg._id === m1._id).length === 1);
    assert.equal(annSock.got.filter((e) => e.subject === 'evt.chat.msg.created' && e.data.msg._id === m1._id).length, 1);
    assert.ok(danaSock.got.some((e) => e.subject === 'evt.chat.msg.deleted' && e.data._id === m4._id));
  });

  it('search finds rooms by name and by a member’s name', async () => {
    await ok(t.call(chatRoutes.roomCreate, { token: cat.token, body: { name: 'Quarterly planning', members: [bob.id] } }));
    await ok(t.call(chatRoutes.roomCreate, { token: cat.token, body: { direct: true, members: [ann.id] } }));
    const byName = await ok(t.call(chatRoutes.roomList, { token: cat.token, params: { id: cat.id }, query: { search: 'quarter' } }));
    assert.deepEqual(
      byName.rooms.map((r: { name: string }) => r.name),
      ['Quarterly planning'],
    );
    const byPerson = await ok(t.call(chatRoutes.roomList, { token: cat.token, params: { id: cat.id }, query: { search: 'ann' } }));
    assert.ok(byPerson.rooms.some((r: { name: string; direct: boolean }) => r.direct && r.name === 'Ann Tester'));
    const paged = await ok(t.call(chatRoutes.roomList, { token: cat.token, params: { id: cat.id }, query: { limit: '1' } }));
    assert.equal(paged.rooms.length, 1);
    const rest = await ok(t.call(chatRoutes.roomList, { token: cat.token, params: { id: cat.id }, query: { before: paged.next } }));
    assert.ok(!rest.rooms.some((r: { _id: string }) => r._id === paged.rooms[0]._id));
    assert.ok(rest.rooms.length >= 1);
  });

  it('messages of a deleted account keep its name; another client’s sockets get no chat event', async () => {
    const gone = await person(acme.adminToken, 'gone@chatacme.test', 'Gone');
    const room = await ok(t.call(chatRoutes.roomCreate, { token: gone.token, body: { name: 'Legacy', members: [ann.id] } }));
    const eveSock = await listen('chatbeta', beta.client._id, eve);
    const betaAdmin = await listen('chatbeta', beta.client._id, { id: beta.admin._id, token: beta.adminToken });
    await send(gone, room._id, 'my last words');
    assert.equal((await t.call(peopleRoutes.userDelete, { token: acme.adminToken, params: { id: gone.id }, body: {} })).status, 200);
    const msgs = await eventually(async () => {
      const page = await ok(t.call(chatRoutes.msgList, { token: ann.token, params: { id: room._id } }));
      const v = await ok(t.call(chatRoutes.roomGet, { token: ann.token, params: { id: room._id } }));
      return v.members.find((m: { _id: string; deleted: boolean }) => m._id === gone.id)?.deleted ? page.msgs : undefined;
    });
    assert.equal(msgs[0].username, 'Gone Tester');
    assert.equal(msgs[0].senderId, gone.id);
    // A later message in their own client reaches both: once it has, so would have anything of acme's before it.
    const own = await ok(t.call(chatRoutes.roomCreate, { token: beta.adminToken, body: { direct: true, members: [eve.id] } }));
    await ok(t.call(chatRoutes.msgCreate, { token: beta.adminToken, body: { room_id: own._id, content: 'beta marker' } }));
    await arrived(eveSock, 'beta marker');
    await arrived(betaAdmin, 'beta marker');
    const ofRoom = (e: { data: any }) => (e.data.room?._id ?? e.data.msg?.room_id ?? e.data.room_id) === own._id;
    assert.deepEqual(
      [...eveSock.got, ...betaAdmin.got].filter((e) => e.subject.startsWith('evt.chat.') && !ofRoom(e)),
      [],
    );
  });

  it('with two gateways on one bus, a message written through one reaches the members on the other, once, and no one else', async () => {
    const second = await secondGateway(t);
    try {
      const url = second.url;
      const room = await ok(t.call(chatRoutes.roomCreate, { token: ann.token, body: { direct: true, members: [bob.id] } }));
      const bobThere = await listen('chatacme', acme.client._id, bob, url);
      const catThere = await listen('chatacme', acme.client._id, cat, url);
      const m = await send(ann, room._id, 'across gateways');
      await eventually(() => bobThere.got.some((e) => e.subject === 'evt.chat.msg.created' && e.data.msg._id === m._id));
      // A later message: once it has arrived, a second copy of the first would have too.
      await send(ann, room._id, 'across gateways, later');
      await arrived(bobThere, 'across gateways, later');
      assert.equal(bobThere.got.filter((e) => e.subject === 'evt.chat.msg.created' && e.data.msg._id === m._id).length, 1);
      assert.ok(!catThere.got.some((e) => e.subject.startsWith('evt.chat.')));
      bobThere.s.disconnect();
      catThere.s.disconnect();
    } finally {
      await second.close();
    }
  });
});
