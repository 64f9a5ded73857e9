import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { NOTIF_CODES, notificationsEvents, notificationsRoutes, type Notification } from '@intranet/notifications-contract';
import { calendarEvents } from '@intranet/calendar-contract';
import { chatEvents } from '@intranet/chat-contract';
import { kbEvents } from '@intranet/kb-contract';
import { emit, type BusEvent } from '@intranet/platform-bus';
import { pollsEvents } from '@intranet/polls-contract';
import { tasksEvents } from '@intranet/tasks-contract';
import { groupEvents, socialEvents, socialRoutes } from '@intranet/social-contract';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { eventually } from '@intranet/platform-testing';
import { settled, until, type Person } from './support.ts';

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;

/**
 * §7 Notifications, Users notifications settings, Templates and POST api/message through the real gateway and bus
 * (PostgreSQL + NATS when set, else PGlite): a mention becomes one notification for the mentioned employee only,
 * a replay of the event notifies no one twice, the unread count moves and reaches the user's sockets, paging by
 * time, settings, templates, the mail check's §5 rule, and isolation between clients.
 */
describe('notifications (§7 Notifications, §4 unread count)', () => {
  let t: TestPortal;
  let acme: Client;
  let other: Client;
  let alice: Person;
  let bob: Person;
  let carol: Person;
  let dave: Person;
  let stranger: Person;
  const pushed: BusEvent<Record<string, unknown>>[] = [];
  const posts: BusEvent[] = [];

  const person = async (c: Client, email: string): Promise<Person> => {
    const e = await t.makeEmployee(c.adminToken, email, { roles: ['employee', 'wall'] });
    return { id: e.user._id, token: e.token };
  };
  const unread = async (p: Person, c: Client = acme) =>
    (await t.call(notificationsRoutes.notificationUnread, { token: p.token, params: { client: c.client._id, user: p.id } })).body.result as {
      count: number;
      sections: Record<string, number>;
    };
  const feed = (p: Person, section = 'all', time = 'now', query: Record<string, string> = {}) =>
    t.call(notificationsRoutes.notificationFeed, { token: p.token, params: { client: acme.client._id, section, user: p.id, time }, query });

  beforeAll(async () => {
    t = await sharedPortal();
    const bus = t.portal.platform.bus;
    await bus.subscribe('evt.notifications.>', async (e) => {
      pushed.push(e as BusEvent<Record<string, unknown>>);
    });
    await bus.subscribe(socialEvents.postCreated.subject, async (e) => {
      posts.push(e);
    });
    acme = await t.makeClient('notifacme');
    other = await t.makeClient('notifother');
    [alice, bob, carol, dave] = await Promise.all(['alice', 'bob', 'carol', 'dave'].map((n) => person(acme, `${n}@notifacme.test`)));
    stranger = await person(other, 'stranger@notifother.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a mention becomes one notification for the mentioned employee only, pushed to their sockets; a replay notifies no one twice', async () => {
    const made = await t.call(socialRoutes.postCreate, { token: alice.token, body: { message: '<p>Hello @Bob</p>', mentions: [bob.id, alice.id] } });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const postId = made.body.result._id as string;
    await until(async () => assert.equal((await unread(bob)).count, 1));
    assert.deepEqual((await unread(bob)).sections, { posts: 1 });
    assert.equal((await unread(alice)).count, 0, 'the author is not notified of their own mention');
    assert.equal((await unread(carol)).count, 0);

    const list = await feed(bob);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    const [n] = list.body.result.items as Notification[];
    assert.equal(n!.type, 'mention');
    assert.equal(n!.section, 'posts');
    assert.equal(n!.link, `/post/${postId}`);
    assert.deepEqual(n!.object, { type: 'post', id: postId });
    assert.equal(n!.actor_id, alice.id);
    assert.equal(n!.read, false);
    assert.match(n!.data.actor!, /Emil/);

    // Pushed to Bob's sockets only (the gateway relays `audience`), with the new count.
    await until(() => assert.ok(pushed.some((e) => e.subject === notificationsEvents.created.subject && (e.data.audience as string[])[0] === bob.id)));
    const push = pushed.find((e) => e.subject === notificationsEvents.created.subject && (e.data.audience as string[])[0] === bob.id)!;
    assert.deepEqual(push.data.audience, [bob.id]);
    assert.equal(push.data.unread, 1);
    assert.equal(push.clientId, acme.client._id);

    // Replay: the same event again (same id: a redelivery) and with a new id (a stream replay past the de-dup window).
    const original = posts.find((e) => (e.data as { post: { _id: string } }).post._id === postId)!;
    const bus = t.portal.platform.bus;
    await bus.publish(original.subject, original.clientId, original.data, { id: original.id });
    await bus.publish(original.subject, original.clientId, original.data);
    // Editing the post keeps Bob's mention: no second notification either.
    const edited = await t.call(socialRoutes.postUpdate, { token: alice.token, params: { id: postId }, body: { message: '<p>Hello again @Bob</p>' } });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    // The replays and the edit were handled.
    await settled(t);
    assert.equal((await unread(bob)).count, 1);
    assert.equal((await feed(bob)).body.result.items.length, 1);
  });

  it('each domain’s event becomes the right notification for the right employees only (not the actor, not another client’s user)', async () => {
    const bus = t.portal.platform.bus;
    const c = acme.client._id;
    const id = () => crypto.randomUUID();
    const who = [dave.id, stranger.id, alice.id];
    const ev = id();
    const poll = id();
    const task = id();
    const desk = id();
    const room = id();
    await emit(bus, calendarEvents.invited, c, { _id: ev, name: 'Retro', date: '2026-12-01', start_time: '10:00', userIds: who, actorId: alice.id });
    await emit(bus, calendarEvents.reminder, c, { _id: ev, occurrence: null, name: 'Retro', start: '2026-12-01T10:00:00Z', minutes: 15, userIds: [dave.id] });
    await emit(bus, pollsEvents.published, c, { pollId: poll, name: 'Lunch', type: 'opened', authorId: alice.id, userIds: who });
    await emit(bus, pollsEvents.reminded, c, { pollId: poll, name: 'Lunch', userIds: [dave.id] });
    await emit(bus, tasksEvents.taskAssigned, c, { desk_id: desk, by: alice.id, userIds: who, task_id: task, name: 'Ship it', assignees: who });
    await emit(bus, tasksEvents.taskOverdue, c, {
      desk_id: desk,
      by: null,
      userIds: who,
      task_id: task,
      name: 'Ship it',
      deadline: '2026-11-01',
      people: [dave.id],
    });
    await emit(bus, groupEvents.groupChanged, c, { _id: id(), action: 'invited', by: alice.id, user_ids: [dave.id, stranger.id] });
    await emit(bus, groupEvents.groupChanged, c, { _id: id(), action: 'left', by: dave.id, user_ids: [dave.id] });
    await emit(bus, kbEvents.vacancyResponded, c, {
      vacancyId: id(),
      title: 'Designer',
      responseId: id(),
      userId: alice.id,
      userName: 'Alice',
      receivers: [dave.id],
      ownerId: dave.id,
      userIds: [dave.id],
      cvKey: null,
    });
    // Two chat messages in one room while Dave has not read the first: one notification for the room.
    for (const text of ['hi', 'there']) {
      await emit(bus, chatEvents.noticeMessage, c, {
        room_id: room,
        room_name: 'Team',
        msg_id: id(),
        sender_id: alice.id,
        username: 'Alice',
        preview: text,
        recipients: [dave.id, stranger.id],
      });
    }
    const expected = [
      'chat.message',
      'event.invited',
      'event.reminder',
      'group.invited',
      'poll.published',
      'poll.reminded',
      'task.assigned',
      'task.overdue',
      'vacancy.responded',
    ];
    await until(async () => assert.equal((await unread(dave)).count, expected.length));
    const items = (await feed(dave)).body.result.items as Notification[];
    assert.deepEqual(items.map((n) => n.type).sort(), expected);
    assert.deepEqual((await unread(dave)).sections, { events: 2, groups: 1, polls: 2, tasks: 2, other: 1, resp: 1 });
    assert.equal(items.find((n) => n.type === 'task.assigned')!.link, `/desk/${desk}?task=${task}`);
    const vacancy = items.find((n) => n.type === 'vacancy.responded')!;
    assert.equal(vacancy.section, 'resp', 'a vacancy response is filed under §3 section resp');
    assert.deepEqual(vacancy.data, { actor: 'Alice', name: 'Designer' });
    assert.equal((await unread(alice)).count, 0, 'the actor is never notified');
    assert.equal((await unread(stranger, other)).count, 0, 'another client’s user named in an event gets nothing');
  });

  it('GET one: its recipient and the admin; another employee 403; another client 404/403 and no data', async () => {
    const [n] = (await feed(bob)).body.result.items as Notification[];
    assert.equal((await t.call(notificationsRoutes.notificationGet, { token: bob.token, params: { id: n!._id } })).status, 200);
    assert.equal((await t.call(notificationsRoutes.notificationGet, { token: acme.adminToken, params: { id: n!._id } })).status, 200);
    assert.equal((await t.call(notificationsRoutes.notificationGet, { token: carol.token, params: { id: n!._id } })).status, 403);
    const foreign = await t.call(notificationsRoutes.notificationGet, { token: other.adminToken, params: { id: n!._id } });
    assert.equal(foreign.status, 404);
    // Another user's feed and count, and another client's: 403 for everyone but the user.
    assert.equal(
      (
        await t.call(notificationsRoutes.notificationFeed, {
          token: carol.token,
          params: { client: acme.client._id, section: 'all', user: bob.id, time: 'now' },
        })
      ).status,
      403,
    );
    assert.equal(
      (await t.call(notificationsRoutes.notificationUnread, { token: acme.adminToken, params: { client: acme.client._id, user: bob.id } })).status,
      403,
    );
    assert.equal(
      (await t.call(notificationsRoutes.notificationUnread, { token: stranger.token, params: { client: acme.client._id, user: stranger.id } })).status,
      403,
    );
    const all = await t.call(notificationsRoutes.notificationClientAll, { token: other.adminToken, params: { client: acme.client._id } });
    assert.equal(all.status, 403);
    assert.equal(
      (await t.call(notificationsRoutes.notificationClientAll, { token: other.adminToken, params: { client: other.client._id } })).body.result.total,
      0,
    );
    assert.equal((await t.call(notificationsRoutes.notificationClientAll, { token: bob.token, params: { client: acme.client._id } })).status, 403);
    assert.equal((await unread(stranger, other)).count, 0);
    assert.equal((await feed(bob, 'nosuch')).status, 400);
  });

  it('POST api/notification (admins): employees only; paged by time; mark one, a section and all read', async () => {
    assert.equal((await t.call(notificationsRoutes.notificationCreate, { token: bob.token, body: { user_ids: [carol.id], title: 'x' } })).status, 403);
    const su = (await t.login('root@example.com', 'rootpass1')).user._id;
    for (const foreign of [stranger.id, su]) {
      const r = await t.call(notificationsRoutes.notificationCreate, {
        token: acme.adminToken,
        body: { user_ids: [carol.id, foreign], title: 'No', section: 'groups' },
      });
      assert.equal(r.status, 400, 'another client’s user and the superadmin (no employee) are refused');
      assert.equal(r.body.errors[0].field, 'user_ids');
    }
    for (const title of ['One', 'Two', 'Three']) {
      const r = await t.call(notificationsRoutes.notificationCreate, { token: acme.adminToken, body: { user_ids: [carol.id], title, section: 'groups' } });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.result.created, 1);
      // The next one is stored in a later millisecond: the feed's cursor (`created`) is millisecond-precise.
      const stored = Date.now();
      await eventually(() => Date.now() > stored);
    }
    assert.deepEqual(await unread(carol), { count: 3, sections: { groups: 3 } });
    const p1 = await feed(carol, 'groups', 'now', { limit: '2' });
    assert.deepEqual(
      p1.body.result.items.map((n: Notification) => n.title),
      ['Three', 'Two'],
    );
    assert.ok(p1.body.result.next);
    const p2 = await feed(carol, 'groups', p1.body.result.next, { limit: '2' });
    assert.deepEqual(
      p2.body.result.items.map((n: Notification) => n.title),
      ['One'],
    );
    assert.equal(p2.body.result.next, null);
    assert.equal((await feed(carol, 'posts')).body.result.items.length, 0);

    const one = await t.call(notificationsRoutes.notificationMarkRead, { token: carol.token, body: { _id: p2.body.result.items[0]._id } });
    assert.equal(one.status, 200, JSON.stringify(one.body));
    assert.equal(one.body.result.unread.count, 2);
    assert.equal((await feed(carol, 'all', 'now', { read: '0' })).body.result.items.length, 2);
    assert.equal((await feed(carol, 'all', 'now', { read: '1' })).body.result.items.length, 1);
    // Someone else's notification: 404, nothing changes.
    assert.equal((await t.call(notificationsRoutes.notificationMarkRead, { token: bob.token, body: { _id: p1.body.result.items[0]._id } })).status, 404);
    const section = await t.call(notificationsRoutes.notificationMarkRead, { token: carol.token, body: { section: 'groups' } });
    assert.equal(section.body.result.updated, 2);
    assert.deepEqual(section.body.result.unread, { count: 0, sections: {} });
    await until(() =>
      assert.ok(
        pushed.some((e) => e.subject === notificationsEvents.unreadChanged.subject && (e.data.audience as string[])[0] === carol.id && e.data.unread === 0),
      ),
    );
    const all = await t.call(notificationsRoutes.notificationMarkRead, { token: bob.token, body: {} });
    assert.equal(all.body.result.updated, 1);
    assert.equal((await unread(bob)).count, 0);
  });

  it('settings: oneself and the admin; client defaults by admins; another client’s user 404', async () => {
    const mine = await t.call(notificationsRoutes.settingsUser, { token: bob.token, params: { user: bob.id } });
    assert.equal(mine.status, 200);
    assert.equal(mine.body.result.matrix.posts.email, true);
    const saved = await t.call(notificationsRoutes.settingsSave, { token: bob.token, body: { matrix: { posts: { email: false } } } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.result.matrix.posts.email, false);
    assert.equal(saved.body.result.matrix.events.email, true);
    assert.equal((await t.call(notificationsRoutes.settingsUser, { token: carol.token, params: { user: bob.id } })).status, 403);
    assert.equal((await t.call(notificationsRoutes.settingsUser, { token: acme.adminToken, params: { user: bob.id } })).body.result.matrix.posts.email, false);
    assert.equal((await t.call(notificationsRoutes.settingsUser, { token: other.adminToken, params: { user: bob.id } })).status, 404);
    assert.equal((await t.call(notificationsRoutes.settingsSave, { token: carol.token, body: { client_id: acme.client._id, matrix: {} } })).status, 403);
    const defaults = await t.call(notificationsRoutes.settingsSave, {
      token: acme.adminToken,
      body: { client_id: acme.client._id, matrix: { tasks: { slack: true } } },
    });
    assert.equal(defaults.status, 200, JSON.stringify(defaults.body));
    assert.equal(defaults.body.result.user_id, null);
    assert.equal(
      (await t.call(notificationsRoutes.settingsClient, { token: acme.adminToken, params: { client: acme.client._id } })).body.result.matrix.tasks.slack,
      true,
    );
    assert.equal((await t.call(notificationsRoutes.settingsUser, { token: carol.token, params: { user: carol.id } })).body.result.matrix.tasks.slack, true);
    assert.equal((await t.call(notificationsRoutes.settingsClient, { token: other.adminToken, params: { client: acme.client._id } })).status, 403);
  });

  it('templates CRUD (admins; empty code as "__"; one per code, language and channel); mail check needs an address', async () => {
    const made = await t.call(notificationsRoutes.templateCreate, { token: acme.adminToken, body: { code: '', name: 'Empty', title: 'Hi {{name}}' } });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.equal(made.body.result.code, '__');
    assert.equal((await t.call(notificationsRoutes.templateCreate, { token: acme.adminToken, body: { code: '__', name: 'Again' } })).status, 409);
    assert.equal((await t.call(notificationsRoutes.templateCreate, { token: bob.token, body: { code: 'x', name: 'X' } })).status, 403);
    const id = made.body.result._id;
    const upd = await t.call(notificationsRoutes.templateUpdate, {
      token: acme.adminToken,
      params: { id },
      body: { code: 'mention', name: 'Mention', lang: 'uk' },
    });
    assert.equal(upd.body.result.lang, 'uk');
    assert.equal((await t.call(notificationsRoutes.templateList, { token: acme.adminToken, query: { code: 'mention' } })).body.result.length, 1);
    assert.equal((await t.call(notificationsRoutes.templateList, { token: other.adminToken })).body.result.length, 0);
    assert.equal((await t.call(notificationsRoutes.templateGet, { token: other.adminToken, params: { id } })).status, 404);
    assert.equal((await t.call(notificationsRoutes.templateRemove, { token: other.adminToken, params: { id } })).status, 404);
    assert.equal((await t.call(notificationsRoutes.templateRemove, { token: acme.adminToken, params: { id } })).status, 200);
    assert.equal((await t.call(notificationsRoutes.templateGet, { token: acme.adminToken, params: { id } })).status, 404);

    const none = await t.call(notificationsRoutes.messageSend, { token: acme.adminToken, body: { emails: [] } });
    assert.equal(none.status, 400);
    assert.equal(none.body.errors[0].code, NOTIF_CODES.mailAddressRequired);
    assert.equal(none.body.errors[0].field, 'emails');
    assert.equal((await t.call(notificationsRoutes.messageSend, { token: bob.token, body: { emails: ['a@b.test'] } })).status, 403);
    const sent = await t.call(notificationsRoutes.messageSend, { token: acme.adminToken, body: { emails: ['check@notifacme.test'] } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.result.sent, 1);
  });

  it('PUT and DELETE api/notif_template without an id in the path: by _id, or by code (empty sent as "__"), language and channel', async () => {
    const admin = acme.adminToken;
    const made = await t.call(notificationsRoutes.templateCreate, { token: admin, body: { code: '', name: 'Nameless', lang: 'en', channel: 'email' } });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const id = made.body.result._id as string;
    // By code: the empty code stands for '__'; language and channel name the one template.
    const byCode = await t.call(notificationsRoutes.templateSave, {
      token: admin,
      body: { code: '', lang: 'en', channel: 'email', name: 'Renamed', title: 'T' },
    });
    assert.equal(byCode.status, 200, JSON.stringify(byCode.body));
    assert.equal(byCode.body.result._id, id);
    assert.equal(byCode.body.result.name, 'Renamed');
    // By _id: the code may change.
    const byId = await t.call(notificationsRoutes.templateSave, {
      token: admin,
      body: { _id: id, code: 'welcome', lang: 'en', channel: 'email', name: 'Welcome' },
    });
    assert.equal(byId.status, 200, JSON.stringify(byId.body));
    assert.equal(byId.body.result.code, 'welcome');
    // None with that code, language and channel; another client's id; an employee.
    assert.equal(
      (await t.call(notificationsRoutes.templateSave, { token: admin, body: { code: 'welcome', lang: 'ru', channel: 'email', name: 'X' } })).status,
      404,
    );
    assert.equal((await t.call(notificationsRoutes.templateSave, { token: other.adminToken, body: { _id: id, code: 'x', name: 'X' } })).status, 404);
    assert.equal(
      (await t.call(notificationsRoutes.templateSave, { token: bob.token, body: { code: 'welcome', lang: 'en', channel: 'email', name: 'X' } })).status,
      403,
    );
    // A second template taking the first one's code, language and channel: 409.
    const second = await t.call(notificationsRoutes.templateCreate, {
      token: admin,
      body: { code: 'welcome', name: 'Welcome uk', lang: 'uk', channel: 'email' },
    });
    assert.equal(second.status, 200, JSON.stringify(second.body));
    const clash = await t.call(notificationsRoutes.templateSave, {
      token: admin,
      body: { _id: second.body.result._id, code: 'welcome', lang: 'en', channel: 'email', name: 'Clash' },
    });
    assert.equal(clash.status, 409);
    // DELETE needs an _id or a code.
    assert.equal((await t.call(notificationsRoutes.templateRemoveByCode, { token: admin, query: {} })).status, 400);
    assert.equal((await t.call(notificationsRoutes.templateRemoveByCode, { token: other.adminToken, query: { code: 'welcome' } })).status, 404);
    assert.equal((await t.call(notificationsRoutes.templateRemoveByCode, { token: bob.token, query: { code: 'welcome' } })).status, 403);
    const one = await t.call(notificationsRoutes.templateRemoveByCode, { token: admin, query: { code: 'welcome', lang: 'uk' } });
    assert.equal(one.status, 200, JSON.stringify(one.body));
    assert.deepEqual(one.body.result.deleted, [second.body.result._id]);
    const rest = await t.call(notificationsRoutes.templateRemoveByCode, { token: admin, query: { _id: id } });
    assert.deepEqual(rest.body.result.deleted, [id]);
    assert.equal((await t.call(notificationsRoutes.templateGet, { token: admin, params: { id } })).status, 404);
    // An empty code in the query stands for '__'.
    await t.call(notificationsRoutes.templateCreate, { token: admin, body: { code: '', name: 'Empty again', channel: 'telegram' } });
    const empty = await t.call(notificationsRoutes.templateRemoveByCode, { token: admin, query: { code: '' } });
    assert.equal(empty.status, 200, JSON.stringify(empty.body));
    assert.equal(empty.body.result.deleted.length, 1);
  });

  it('a comment or a like tells the post’s author (not of their own; a like once however often it is toggled)', async () => {
    const [erin, finn] = await Promise.all(['erin', 'finn'].map((n) => person(acme, `${n}@notifacme.test`)));
    const made = await t.call(socialRoutes.postCreate, { token: erin.token, body: { message: '<p>My news</p>' } });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const postId = made.body.result._id as string;
    const own = await t.call(socialRoutes.commentCreate, { token: erin.token, body: { parent_type: 'post', parent_id: postId, message: 'Mine' } });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    await t.call(socialRoutes.postLike, { token: erin.token, body: { like_type: 'post', post_id: postId } });
    const c = await t.call(socialRoutes.commentCreate, { token: finn.token, body: { parent_type: 'post', parent_id: postId, message: 'Congrats!' } });
    assert.equal(c.status, 200, JSON.stringify(c.body));
    for (let i = 0; i < 3; i++)
      assert.equal((await t.call(socialRoutes.postLike, { token: finn.token, body: { like_type: 'post', post_id: postId } })).status, 200);
    await until(async () => assert.equal((await unread(erin)).count, 2));
    // Both comments and all four like toggles were handled: nothing more is coming.
    await settled(t);
    const items = (await feed(erin)).body.result.items as Notification[];
    assert.deepEqual(items.map((n) => n.type).sort(), ['post.comment', 'post.like']);
    for (const n of items) {
      assert.equal(n.actor_id, finn.id);
      assert.equal(n.link, `/post/${postId}`);
      assert.match(n.data.actor!, /Emil/);
    }
    assert.equal(items.find((n) => n.type === 'post.comment')!.text, 'Congrats!');
    assert.match(items.find((n) => n.type === 'post.like')!.title, /^Emil Employee liked your post$/);
    assert.equal((await unread(finn)).count, 0);
  });
});
