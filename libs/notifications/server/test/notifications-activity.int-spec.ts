import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from '@jest/globals';
import { notificationsRoutes, type Notification } from '@intranet/notifications-contract';
import { wordNotification } from '@intranet/notifications-contract/wording';
import { bpRoutes } from '@intranet/bp-contract';
import { calendarRoutes } from '@intranet/calendar-contract';
import { structureRoutes } from '@intranet/people-contract/structure';
import { socialRoutes } from '@intranet/social-contract';
import { sharedPortal, type TestPortal } from '@intranet/portal-testing';
import { until, type Person } from './support.ts';

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const LANGS = ['en', 'ru', 'uk'] as const;

type Client = Awaited<ReturnType<TestPortal['makeClient']>>;

/**
 * Issue 29: events that notified no one (an employee's vacation request, a post in a group, a new idea and its
 * status, a violation report, a changed or cancelled occurrence), texts that name their group, and the two texts
 * users saw with placeholders (a vacation's dates, a request's step) worded end to end in ru, uk and en.
 */
describe('notifications of issue 29 (vacation requests, group posts, ideas, reports, calendar changes)', () => {
  let t: TestPortal;
  let acme: Client;
  let admin: Person;
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
  /** Every language's wording of `n` keeps no placeholder. */
  const worded = (n: Notification) =>
    LANGS.map((lang) => {
      const w = wordNotification(n, lang, { timeZone: 'UTC' });
      for (const s of [w.title, w.text]) if (s) assert.doesNotMatch(s, /\{\{/, `${n.type} in ${lang}: ${s}`);
      return w.title;
    });

  beforeAll(async () => {
    t = await sharedPortal();
    acme = await t.makeClient('notifact');
    admin = { id: acme.admin._id, token: acme.adminToken };
    [ann, bob, cid] = await Promise.all(['ann', 'bob', 'cid'].map((n) => person(`${n}@notifact.test`)));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an employee’s vacation request tells the administrators when no chief is found, and the direct chief once there is one', async () => {
    const asked = await t.call(structureRoutes.vacationCreate, { token: bob.token, body: { start: inDays(40), end: inDays(44) } });
    assert.equal(asked.status, 200, JSON.stringify(asked.body));
    await until(async () => assert.equal((await ofType(admin, 'vacation.requested')).length, 1));
    const [n] = await ofType(admin, 'vacation.requested');
    assert.equal(n!.link, '/vacations');
    assert.equal(n!.actor_id, bob.id);
    assert.deepEqual(n!.data, { start: inDays(40), end: inDays(44), actor: 'Emil Employee' });
    worded(n!);
    assert.equal((await ofType(bob, 'vacation.requested')).length, 0, 'not the requester');

    // Ann heads the administrative department Bob is in: she is asked, the administrators are not.
    const roots = await t.call(structureRoutes.structureByClient, { token: admin.token, params: { client: acme.client._id }, query: { kind: 'adm' } });
    let root = roots.body.result?.find((d: { parent: string | null }) => d.parent === null)?._id as string | undefined;
    if (!root) root = (await t.call(structureRoutes.structureCreate, { token: admin.token, body: { kind: 'adm', name: 'Acme' } })).body.result._id as string;
    const dept = await t.call(structureRoutes.structureCreate, { token: admin.token, body: { kind: 'adm', name: 'Sales', parent: root } });
    assert.equal(dept.status, 200, JSON.stringify(dept.body));
    assert.equal(
      (await t.call(structureRoutes.deptUsersUpdate, { token: admin.token, body: { dept_id: dept.body.result._id, headUser: ann.id } })).status,
      200,
    );
    const add = await t.call(structureRoutes.deptUsersAdd, {
      token: admin.token,
      params: { client: acme.client._id, dept: dept.body.result._id },
      body: { users: [bob.id] },
    });
    assert.equal(add.status, 200, JSON.stringify(add.body));
    const second = await t.call(structureRoutes.vacationCreate, { token: bob.token, body: { start: inDays(70), end: inDays(71) } });
    assert.equal(second.status, 200, JSON.stringify(second.body));
    const ofSecond = async (p: Person) => (await ofType(p, 'vacation.requested')).filter((x) => x.data.start === inDays(70));
    await until(async () => assert.equal((await ofSecond(ann)).length, 1));
    assert.equal((await ofSecond(admin)).length, 0, 'the administrators are not asked when the chief is');
  });

  it('a manager’s approval names the vacation’s dates in every language (no {{start}}, no raw date)', async () => {
    const own = await t.call(structureRoutes.vacationCreate, { token: cid.token, body: { start: '2031-03-02', end: '2031-03-06' } });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    const ok = await t.call(structureRoutes.vacationUpdate, { token: admin.token, params: { id: own.body.result._id }, body: { planned: false } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    await until(async () => assert.equal((await ofType(cid, 'vacation.approved')).length, 1));
    const [n] = await ofType(cid, 'vacation.approved');
    assert.deepEqual(worded(n!), [
      'Ada Admin approved your vacation 2 Mar 2031 – 6 Mar 2031',
      'Ada Admin согласовал(а) ваш отпуск 2 мар. 2031 г. – 6 мар. 2031 г.',
      'Ada Admin погодив(-ла) вашу відпустку 2 бер. 2031 р. – 6 бер. 2031 р.',
    ]);
  });

  it('a step of a service request names the step in every language', async () => {
    const group = await t.call(bpRoutes.groupCreate, { token: admin.token, body: { name: 'Office' } });
    const svc = await t.call(bpRoutes.serviceCreate, {
      token: admin.token,
      body: {
        name: 'Badge',
        description: 'A new badge',
        group: group.body.result._id,
        steps: [
          { name: 'Request', performers: [{ kind: 'initiator' }] },
          { name: 'Print', performers: [{ kind: 'employee', users: [cid.id] }] },
        ],
      },
    });
    assert.equal(svc.status, 200, JSON.stringify(svc.body));
    assert.equal((await t.call(bpRoutes.requestStart, { token: ann.token, body: { bp: svc.body.result._id, values: {} } })).status, 200);
    await until(async () => assert.equal((await ofType(cid, 'bp.step')).length, 1));
    assert.deepEqual(worded((await ofType(cid, 'bp.step'))[0]!), [
      'A step of the request “Badge” awaits you: Print',
      'Вас ждёт этап заявки «Badge»: Print',
      'На вас чекає етап заявки «Badge»: Print',
    ]);
  });

  it('a post in a group tells its members (not the author, not outsiders), naming the group; an invitation names it too', async () => {
    const g = await t.call(socialRoutes.groupCreate, { token: ann.token, body: { name: 'Runners', description: 'Morning runs', type: 'public' } });
    assert.equal(g.status, 200, JSON.stringify(g.body));
    const groupId = g.body.result._id as string;
    assert.equal((await t.call(socialRoutes.groupInvite, { token: ann.token, params: { id: groupId }, body: { user_ids: [cid.id] } })).status, 200);
    await until(async () => assert.equal((await ofType(cid, 'group.invited')).length, 1));
    const [inv] = await ofType(cid, 'group.invited');
    assert.equal(inv!.link, `/group/${groupId}`);
    assert.equal(worded(inv!)[0], 'You were invited to the group “Runners”');
    assert.equal((await t.call(socialRoutes.groupJoin, { token: bob.token, params: { id: groupId } })).status, 200);

    const p = await t.call(socialRoutes.postCreate, { token: bob.token, body: { message: 'Run at 7 tomorrow', parent: { type: 'group', id: groupId } } });
    assert.equal(p.status, 200, JSON.stringify(p.body));
    await until(async () => assert.equal((await ofType(ann, 'group.post')).length, 1));
    const [n] = await ofType(ann, 'group.post');
    assert.equal(n!.section, 'groups');
    assert.equal(n!.link, `/post/${p.body.result._id}`);
    assert.equal(n!.actor_id, bob.id);
    assert.equal(worded(n!)[0], 'Emil Employee posted in the group “Runners”');
    assert.equal((await ofType(bob, 'group.post')).length, 0, 'not the author');
    assert.equal((await ofType(cid, 'group.post')).length, 0, 'not someone only invited');
  });

  it('a new idea tells the administrators; its new status tells its author; a violation report tells the administrators', async () => {
    const idea = await t.call(socialRoutes.ideaSend, {
      token: bob.token,
      body: { author: 'Bob', current: 'Paper forms', improvement: 'Online forms', changes: 'A web form', results: 'Less paper' },
    });
    assert.equal(idea.status, 200, JSON.stringify(idea.body));
    await until(async () => assert.equal((await ofType(admin, 'idea.sent')).length, 1));
    const [sent] = await ofType(admin, 'idea.sent');
    assert.equal(sent!.link, '/idea?tab=all');
    assert.equal(sent!.actor_id, bob.id);
    worded(sent!);
    assert.equal((await ofType(bob, 'idea.sent')).length, 0);

    const st = await t.call(socialRoutes.ideaStatus, { token: admin.token, params: { id: idea.body.result._id }, body: { status: 'accepted' } });
    assert.equal(st.status, 200, JSON.stringify(st.body));
    await until(async () => assert.equal((await ofType(bob, 'idea.status')).length, 1));
    const [s] = await ofType(bob, 'idea.status');
    assert.equal(s!.link, '/idea?tab=mine');
    assert.deepEqual(worded(s!), ['Your idea is now: accepted', 'Статус вашей идеи: принята', 'Статус вашої ідеї: прийнята']);

    const r = await t.call(socialRoutes.violReportSend, { token: cid.token, body: { anonymous: true, text: 'Blocked fire exit' } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    await until(async () => assert.equal((await ofType(admin, 'viol_report.sent')).length, 1));
    const [v] = await ofType(admin, 'viol_report.sent');
    assert.equal(v!.link, '/report_violation?tab=reports');
    assert.equal(v!.actor_id, null, 'an anonymous report names no one');
    assert.equal((await ofType(cid, 'viol_report.sent')).length, 0);
  });

  it('a changed or cancelled occurrence of a series tells its members (not the one who changed it), naming its date', async () => {
    const body = {
      name: 'Weekly sync',
      date: '2031-06-02',
      start_time: '09:00',
      end_time: '10:00',
      members: [bob.id, cid.id],
      tz: 'UTC',
      repeat: { period: 'week' as const, weekdays: ['MO' as const], count: 4 },
    };
    const ev = await t.call(calendarRoutes.eventCreatePeriodic, { token: ann.token, body });
    assert.equal(ev.status, 200, JSON.stringify(ev.body));
    const id = ev.body.result._id as string;
    const moved = await t.call(calendarRoutes.eventUpdatePeriodic, {
      token: ann.token,
      params: { id },
      body: { ...body, start_time: '11:00', end_time: '12:00', scope: 'one', occurrence: '2031-06-09' },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    for (const p of [bob, cid]) await until(async () => assert.equal((await ofType(p, 'event.occurrence_changed')).length, 1));
    const [c] = await ofType(bob, 'event.occurrence_changed');
    assert.equal(c!.section, 'events');
    assert.equal(c!.link, `/calendar?event=${id}`);
    assert.equal(worded(c!)[0], 'The event “Weekly sync” on 9 Jun 2031 was changed');

    const cancel = await t.call(calendarRoutes.eventRemovePeriodic, { token: ann.token, params: { id }, query: { occurrence: '2031-06-16' } });
    assert.equal(cancel.status, 200, JSON.stringify(cancel.body));
    await until(async () => assert.equal((await ofType(cid, 'event.occurrence_cancelled')).length, 1));
    assert.equal(worded((await ofType(cid, 'event.occurrence_cancelled'))[0]!)[1], 'Событие «Weekly sync» 16 июн. 2031 г. отменено');
    assert.equal(
      (await ofType(ann, 'event.occurrence_changed')).length + (await ofType(ann, 'event.occurrence_cancelled')).length,
      0,
      'not the organiser who did it',
    );
  });
});
