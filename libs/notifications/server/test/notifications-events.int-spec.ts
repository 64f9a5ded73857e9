import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { notificationsEvents, notificationsRoutes, type Notification } from '@intranet/notifications-contract';
import { on, type BusEvent } from '@intranet/platform-bus';
import { bpRoutes } from '@intranet/bp-contract';
import { calendarRoutes } from '@intranet/calendar-contract';
import { chatRoutes } from '@intranet/chat-contract';
import { pollsRoutes } from '@intranet/polls-contract';
import { tasksRoutes } from '@intranet/tasks-contract';
import { structureRoutes } from '@intranet/people-contract/structure';
import { socialRoutes } from '@intranet/social-contract';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { settled, until, type Person } from './support.ts';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;

/**
 * Issue 10 "What a person can do", each listed event made through the real route of its domain, then the outbox, the
 * bus and the notifications consumer: a thank-you, a mention in a comment (and a comment on one's post), a group
 * request (to the group's owner) and its decision (to the requester), an event invitation, a poll to answer, a task,
 * a step of a service to pass (and the request's end), a vacation decision, a chat message — the right notification
 * for the right employee only, never the actor. Also the background path of a large POST api/notification.
 * (A mention in a post, a like, an event reminder and a replayed stream: notifications.int-spec.)
 */
describe('notifications from the domains’ events (issue 10: thank-you, comment mention, group request, service step, vacation decision)', () => {
  let t: TestPortal;
  let acme: Client;
  let ann: Person;
  let bob: Person;
  let cid: Person;

  const person = async (email: string): Promise<Person> => {
    const e = await t.makeEmployee(acme.adminToken, email);
    return { id: e.user._id, token: e.token };
  };
  const items = async (p: Person): Promise<Notification[]> =>
    (
      await t.call(notificationsRoutes.notificationFeed, {
        token: p.token,
        params: { client: acme.client._id, section: 'all', user: p.id, time: 'now' },
        query: { limit: '100' },
      })
    ).body.result.items;
  const ofType = async (p: Person, type: string) => (await items(p)).filter((n) => n.type === type);
  const clear = async (p: Person) => {
    await t.call(notificationsRoutes.notificationMarkRead, { token: p.token, body: {} });
  };

  beforeAll(async () => {
    // Small limits, so the large-notice path (background storing, in chunks) runs at spec size.
    t = await sharedPortal({ NOTIF_NOTICE_SYNC_MAX: '2', NOTIF_FANOUT_CHUNK: '2' });
    acme = await t.makeClient('notifevt');
    [ann, bob, cid] = await Promise.all(['ann', 'bob', 'cid'].map((n) => person(`${n}@notifevt.test`)));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a thank-you post tells the thanked one (section posts); a mention in a comment tells the mentioned one', async () => {
    const thanks = await t.call(socialRoutes.postCreate, {
      token: ann.token,
      body: { type: 'thanks', message: 'Thank you for the great release this week, Bob!', mentions: [bob.id] },
    });
    assert.equal(thanks.status, 200, JSON.stringify(thanks.body));
    const postId = thanks.body.result._id as string;
    await until(async () => assert.equal((await ofType(bob, 'thanks')).length, 1));
    const [n] = await ofType(bob, 'thanks');
    assert.equal(n!.section, 'posts');
    assert.equal(n!.link, `/post/${postId}`);
    assert.equal(n!.actor_id, ann.id);

    const c = await t.call(socialRoutes.commentCreate, {
      token: bob.token,
      body: { parent_type: 'post', parent_id: postId, message: 'Thanks, @Cid helped too', mentions: [cid.id] },
    });
    assert.equal(c.status, 200, JSON.stringify(c.body));
    await until(async () => assert.equal((await ofType(cid, 'comment.mention')).length, 1));
    const [m] = await ofType(cid, 'comment.mention');
    assert.equal(m!.link, `/post/${postId}`);
    assert.equal(m!.actor_id, bob.id);
    // Ann, the post's author, hears of the comment (post.comment); Bob (the actor) of nothing of his own.
    await until(async () => assert.equal((await ofType(ann, 'post.comment')).length, 1));
    await settled(t);
    assert.equal((await items(bob)).filter((x) => x.actor_id === bob.id).length, 0);
  });

  it('a group request tells the group’s owner; approving or rejecting it tells the requester (section groups)', async () => {
    const g = await t.call(socialRoutes.groupCreate, { token: ann.token, body: { name: 'Chess', description: 'A closed chess club', type: 'closed' } });
    assert.equal(g.status, 200, JSON.stringify(g.body));
    const groupId = g.body.result._id as string;
    for (const p of [bob, cid])
      assert.equal((await t.call(socialRoutes.groupJoin, { token: p.token, params: { id: groupId } })).body.result.state, 'requested');
    // The group's owner hears of each request, named by the requester.
    await until(async () => assert.equal((await ofType(ann, 'group.requested')).length, 2));
    const asked = await ofType(ann, 'group.requested');
    assert.deepEqual(new Set(asked.map((x) => x.actor_id)), new Set([bob.id, cid.id]));
    assert.equal(asked[0]!.link, `/group/${groupId}`);
    assert.match(asked[0]!.title, /^Emil Employee asked to join your group “Chess”$/);
    assert.equal((await t.call(socialRoutes.groupRequestApprove, { token: ann.token, params: { groupId, userId: bob.id } })).status, 200);
    assert.equal((await t.call(socialRoutes.groupRequestReject, { token: ann.token, params: { groupId, userId: cid.id } })).status, 200);
    await until(async () => assert.equal((await ofType(bob, 'group.approved')).length, 1));
    await until(async () => assert.equal((await ofType(cid, 'group.rejected')).length, 1));
    const [n] = await ofType(bob, 'group.approved');
    assert.equal(n!.section, 'groups');
    assert.equal(n!.link, `/group/${groupId}`);
    await settled(t);
    assert.equal((await ofType(bob, 'group.rejected')).length + (await ofType(cid, 'group.approved')).length, 0);
    assert.equal(
      (await items(ann)).filter((x) => ['group.approved', 'group.rejected'].includes(x.type)).length,
      0,
      'the deciding admin is not told of the decision',
    );
    assert.equal((await ofType(bob, 'group.requested')).length, 0, 'a requester is not told of requests');
  });

  it('a step of a service request tells its performers only (section services); the end of the request tells its initiator', async () => {
    const group = await t.call(bpRoutes.groupCreate, { token: acme.adminToken, body: { name: 'Office' } });
    assert.equal(group.status, 200, JSON.stringify(group.body));
    const svc = await t.call(bpRoutes.serviceCreate, {
      token: acme.adminToken,
      body: {
        name: 'Business cards',
        description: 'Printed cards',
        group: group.body.result._id,
        steps: [
          { name: 'Request', performers: [{ kind: 'initiator' }] },
          { name: 'Approve', performers: [{ kind: 'employee', users: [bob.id] }] },
          { name: 'Print', performers: [{ kind: 'employee', users: [cid.id] }] },
        ],
      },
    });
    assert.equal(svc.status, 200, JSON.stringify(svc.body));
    await Promise.all([ann, bob, cid].map(clear));
    const started = await t.call(bpRoutes.requestStart, { token: ann.token, body: { bp: svc.body.result._id, values: {} } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const requestId = started.body.result._id as string;
    await until(async () => assert.equal((await ofType(bob, 'bp.step')).length, 1));
    const [n] = await ofType(bob, 'bp.step');
    assert.equal(n!.section, 'services');
    assert.equal(n!.link, `/service/request/${requestId}`);
    assert.deepEqual(n!.data, { name: 'Business cards', step: 'Approve' });
    await settled(t);
    assert.equal((await ofType(cid, 'bp.step')).length, 0, 'the next step’s performer is not told yet');
    assert.equal((await ofType(ann, 'bp.step')).length, 0, 'the initiator is not a performer of the step');

    const passed = await t.call(bpRoutes.requestPassStep, { token: bob.token, params: { bp: requestId }, body: { decision: 'accept', values: {} } });
    assert.equal(passed.status, 200, JSON.stringify(passed.body));
    await until(async () => assert.equal((await ofType(cid, 'bp.step')).length, 1));
    assert.equal((await ofType(cid, 'bp.step'))[0]!.data.step, 'Print');
    const done = await t.call(bpRoutes.requestPassStep, { token: cid.token, params: { bp: requestId }, body: { decision: 'accept', values: {} } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    await until(async () => assert.equal((await ofType(ann, 'bp.finished')).length, 1));
    await settled(t);
    assert.equal((await ofType(bob, 'bp.step')).length, 1, 'one notification per step and performer');
  });

  it('a request to the administrators for a service (send_service_req) tells every administrator, not the employee (section services)', async () => {
    const second = await t.makeEmployee(acme.adminToken, 'ada2@notifevt.test', { firstName: 'Second', roles: ['admin'] });
    const admins: Person[] = [
      { id: acme.admin._id, token: acme.adminToken },
      { id: second.user._id, token: second.token },
    ];
    const sent = await t.call(bpRoutes.serviceReqSend, { token: ann.token, body: { text: 'We need a service for parking passes' } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    for (const a of admins) await until(async () => assert.equal((await ofType(a, 'bp.service_req')).length, 1));
    const [n] = await ofType(admins[0]!, 'bp.service_req');
    assert.equal(n!.section, 'services');
    assert.equal(n!.link, '/services?tab=asks');
    assert.ok(n!.data.actor, 'the employee is named');
    await settled(t);
    assert.equal((await ofType(ann, 'bp.service_req')).length, 0, 'the employee who asked is not an administrator');
    assert.equal((await ofType(bob, 'bp.service_req')).length, 0);
  });

  it('a vacation decision: a manager approving or deleting it tells the employee; the employee’s own changes tell them nothing (their approver: notifications-activity)', async () => {
    const own = await t.call(structureRoutes.vacationCreate, { token: bob.token, body: { start: inDays(30), end: inDays(34) } });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.equal(own.body.result.planned, true);
    const moved = await t.call(structureRoutes.vacationUpdate, {
      token: bob.token,
      params: { id: own.body.result._id },
      body: { start: inDays(31), end: inDays(35) },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const approved = await t.call(structureRoutes.vacationUpdate, { token: acme.adminToken, params: { id: own.body.result._id }, body: { planned: false } });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    await until(async () => assert.equal((await ofType(bob, 'vacation.approved')).length, 1));
    const [n] = await ofType(bob, 'vacation.approved');
    assert.equal(n!.section, 'other');
    assert.equal(n!.link, '/vacations');
    assert.deepEqual(n!.data, { start: inDays(31), end: inDays(35), actor: 'Ada Admin' });
    assert.equal(n!.title, `Ada Admin approved your vacation ${inDays(31)} – ${inDays(35)}`);
    assert.equal(n!.actor_id, acme.admin._id);

    const other = await t.call(structureRoutes.vacationCreate, { token: bob.token, body: { start: inDays(60), end: inDays(61) } });
    assert.equal(other.status, 200, JSON.stringify(other.body));
    const del = await t.call(structureRoutes.vacationDelete, { token: acme.adminToken, params: { user: bob.id, id: other.body.result._id } });
    assert.equal(del.status, 200, JSON.stringify(del.body));
    await until(async () => assert.equal((await ofType(bob, 'vacation.deleted')).length, 1));
    // Bob deleting his own vacation is no decision: nothing more.
    const third = await t.call(structureRoutes.vacationCreate, { token: bob.token, body: { start: inDays(80), end: inDays(81) } });
    await t.call(structureRoutes.vacationDelete, { token: bob.token, params: { user: bob.id, id: third.body.result._id } });
    await settled(t);
    assert.deepEqual(
      (await items(bob))
        .map((x) => x.type)
        .filter((x) => x.startsWith('vacation.'))
        .sort(),
      ['vacation.approved', 'vacation.deleted'],
    );
  });

  it('a chat message tells the room’s other members, one unread notification per room (section other)', async () => {
    const room = await t.call(chatRoutes.roomCreate, { token: ann.token, body: { name: 'Lunch', members: [bob.id, cid.id] } });
    assert.equal(room.status, 200, JSON.stringify(room.body));
    const roomId = room.body.result._id as string;
    await clear(bob);
    for (const content of ['Pizza?', 'At one']) {
      const m = await t.call(chatRoutes.msgCreate, { token: ann.token, body: { room_id: roomId, content } });
      assert.equal(m.status, 200, JSON.stringify(m.body));
    }
    const inRoom = async (p: Person) => (await ofType(p, 'chat.message')).filter((n) => n.link === `/chat/${roomId}`);
    for (const p of [bob, cid]) await until(async () => assert.equal((await inRoom(p)).length, 1));
    const [n] = await inRoom(bob);
    assert.equal(n!.section, 'other');
    assert.equal(n!.actor_id, ann.id);
    assert.equal(n!.read, false);
    await settled(t);
    assert.equal((await inRoom(bob)).length, 1, 'the second message while the first is unread adds none');
    assert.equal((await inRoom(ann)).length, 0, 'the sender hears nothing');
  });

  it('an event invitation, a poll to answer and a task, each through its domain’s route, tell the people concerned only', async () => {
    const ev = await t.call(calendarRoutes.eventCreate, {
      token: ann.token,
      body: { name: 'Quarterly review', date: '2031-06-02', start_time: '09:00', end_time: '10:00', members: [bob.id], tz: 'UTC' },
    });
    assert.equal(ev.status, 200, JSON.stringify(ev.body));
    await until(async () => assert.equal((await ofType(bob, 'event.invited')).length, 1));
    assert.equal((await ofType(bob, 'event.invited'))[0]!.section, 'events');

    const poll = await t.call(pollsRoutes.pollCreate, {
      token: acme.adminToken,
      body: { name: 'Lunch place', type: 'opened', questions: [{ text: 'Where?', mandatory: true, kind: 'short' }] },
    });
    assert.equal(poll.status, 200, JSON.stringify(poll.body));
    for (const p of [ann, bob, cid]) await until(async () => assert.equal((await ofType(p, 'poll.published')).length, 1));
    assert.equal((await ofType(cid, 'poll.published'))[0]!.link, `/poll/${poll.body.result._id}`);

    const desk = await t.call(tasksRoutes.deskCreate, { token: acme.adminToken, body: { name: 'Release', lanes: ['Todo'] } });
    assert.equal(desk.status, 200, JSON.stringify(desk.body));
    const task = await t.call(tasksRoutes.taskAdd, {
      token: acme.adminToken,
      params: { desk_id: desk.body.result._id, lane_id: desk.body.result.lanes[0]._id },
      body: { name: 'Write notes', performer: cid.id },
    });
    assert.equal(task.status, 200, JSON.stringify(task.body));
    await until(async () => assert.equal((await ofType(cid, 'task.assigned')).length, 1));
    assert.equal((await ofType(cid, 'task.assigned'))[0]!.section, 'tasks');
    await settled(t);
    assert.equal((await ofType(cid, 'event.invited')).length + (await ofType(bob, 'task.assigned')).length + (await ofType(ann, 'event.invited')).length, 0);
  });

  it('a notice above NOTIF_NOTICE_SYNC_MAX is accepted at once and stored in the background in chunks; a redelivery stores none twice', async () => {
    const queued: BusEvent[] = [];
    const off = await on(t.portal.platform.bus, notificationsEvents.noticeQueued, async (e) => void queued.push(e));
    try {
      const title = `Big notice ${Date.now()}`;
      const r = await t.call(notificationsRoutes.notificationCreate, {
        token: acme.adminToken,
        body: { user_ids: [ann.id, bob.id, cid.id, bob.id], title, section: 'other' },
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(r.body.result, { created: 0, queued: 3 });
      const mine = async (p: Person) => (await ofType(p, 'manual')).filter((n) => n.title === title);
      for (const p of [ann, bob, cid]) await until(async () => assert.equal((await mine(p)).length, 1));
      const [n] = await mine(cid);
      assert.equal(n!.section, 'other');
      assert.equal(n!.actor_id, acme.admin._id);
      // Redelivery (same id) and a replay under a new id: nobody gets it twice.
      await until(() => assert.equal(queued.length, 1));
      const e = queued[0]!;
      const bus = t.portal.platform.bus;
      await bus.publish(e.subject, e.clientId, e.data, { id: e.id });
      await bus.publish(e.subject, e.clientId, e.data);
      await settled(t);
      for (const p of [ann, bob, cid]) assert.equal((await mine(p)).length, 1);
      // At or under the limit the answer comes after the notifications are stored (one transaction).
      const small = await t.call(notificationsRoutes.notificationCreate, {
        token: acme.adminToken,
        body: { user_ids: [ann.id, bob.id], title: `${title} small` },
      });
      assert.deepEqual(small.body.result, { created: 2 });
    } finally {
      await off();
    }
  });
});
