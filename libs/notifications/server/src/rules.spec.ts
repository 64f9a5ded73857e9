import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { calendarEvents } from '@intranet/calendar-contract';
import { vacationEvents } from '@intranet/people-contract/structure';
import { shopEvents } from '@intranet/shop-contract';
import { socialEvents } from '@intranet/social-contract';
import { ACTIVITY_RULES, excerpt, groupPostDrafts, vacationRequestDrafts } from './activity-rules.ts';
import { ADMINS, APPROVERS_OF, nameOf, rule, type Draft } from './rule.ts';
import { expandAddressees, noticeDrafts, RULES, withActors } from './rules.ts';

const evt = <T>(data: T, id = 'e1') => ({ id, subject: 's', clientId: 'c1', at: '2026-11-27T00:00:00.000Z', data });
const ruleOf = (subject: string) => RULES.find((r) => r.def.subject === subject)!;
const draft = (d: Partial<Draft>): Draft => ({
  userId: 'u1',
  section: 'other',
  type: 't',
  title: 'x',
  text: '',
  link: null,
  object: null,
  actorId: null,
  key: 'k',
  ...d,
});

describe('notification rules (rule.ts, rules.ts, activity-rules.ts)', () => {
  it('every consumed subject has exactly one rule', () => {
    const subjects = RULES.map((r) => r.def.subject);
    assert.equal(new Set(subjects).size, subjects.length);
  });

  it('rule() keeps the definition and the away-only switch; nameOf joins what is known', () => {
    const r = rule(socialEvents.ideaSent, () => [], { awayOnly: true });
    assert.equal(r.def, socialEvents.ideaSent);
    assert.equal(r.awayOnly, true);
    assert.equal(nameOf({ firstName: 'Ann', lastName: null }), 'Ann');
    assert.equal(nameOf({ firstName: 'Ann', lastName: 'Lee' }), 'Ann Lee');
  });

  it('excerpt drops markup and cuts long text with an ellipsis', () => {
    assert.equal(excerpt('<p>Hello&nbsp;<b>world</b></p><p>again</p>'), 'Hello world again');
    const long = excerpt('a'.repeat(200), 10);
    assert.equal(long.length, 10);
    assert.ok(long.endsWith('…'));
  });

  it('a notice is one draft per user, keyed by its batch (a redelivery stores none twice)', () => {
    const d = noticeDrafts({ batch: 'b1', user_ids: ['u1', 'u2'], section: 'other', title: 'Hi', text: '', link: null, by: 'a1' });
    assert.deepEqual(
      d.map((x) => [x.userId, x.key, x.type, x.actorId]),
      [
        ['u1', 'manual:b1:u1', 'manual', 'a1'],
        ['u2', 'manual:b1:u2', 'manual', 'a1'],
      ],
    );
  });

  it('a post in a group tells its members but the author and those already mentioned', () => {
    const author = { _id: 'a1', firstName: 'Ann', lastName: 'Lee' };
    const post = { _id: 'p1', type: 'post', parent: { type: 'group', id: 'g1', where: null }, author, message: '<p>Hi</p>', mentions: ['u2'] };
    const data = { post, group: { name: 'Runners', member_ids: ['a1', 'u2', 'u3'] } } as never;
    const d = groupPostDrafts(data, new Set(['u2']));
    assert.deepEqual(
      d.map((x) => x.userId),
      ['u3'],
    );
    assert.equal(d[0]!.title, 'Ann Lee posted in the group “Runners”');
    assert.equal(d[0]!.key, 'group.post:p1:u3');
  });

  it('a mention in a post notifies; in a system post (a published shop accrual) it does not, the shop told them', () => {
    const author = { _id: 'a1', firstName: 'Ann', lastName: 'Lee' };
    const post = (type: string) => ({
      post: { _id: 'p1', type: 'post', parent: { type, id: null, where: null }, author, message: '<p>Hi</p>', mentions: ['u2'] },
      group: null,
    });
    const r = ruleOf(socialEvents.postCreated.subject);
    assert.deepEqual(
      r.drafts(evt(post('company')) as never).map((x) => [x.userId, x.type]),
      [['u2', 'mention']],
    );
    assert.deepEqual(r.drafts(evt(post('system')) as never), []);
  });

  it('a like tells the post’s author once per liker, never for their own like or an unlike', () => {
    const r = ruleOf(socialEvents.likeChanged.subject);
    const like = (over: object) => r.drafts(evt({ like_type: 'post', liked: true, post_id: 'p1', post_author_id: 'a1', user_id: 'u1', ...over }));
    assert.deepEqual(
      like({}).map((x) => [x.userId, x.key]),
      [['a1', 'like:post:p1:u1']],
    );
    assert.deepEqual(like({ liked: false }), []);
    assert.deepEqual(like({ user_id: 'a1' }), []);
  });

  it('an employee’s own vacation request asks its approvers; a manager’s decision tells the employee', () => {
    const v = { _id: 'v1', user: 'u1', by: 'u1', planned: true, start: '2026-12-01', end: '2026-12-05' };
    const asked = vacationRequestDrafts(evt(v) as never);
    assert.equal(asked[0]!.userId, APPROVERS_OF('u1'));
    assert.equal(asked[0]!.key, 'vacation.requested:v1:2026-12-01:2026-12-05');
    assert.deepEqual(vacationRequestDrafts(evt({ ...v, by: 'boss' }) as never), []);
    const r = ruleOf(vacationEvents.vacationUpdated.subject);
    const approved = r.drafts(evt({ ...v, planned: false, by: 'boss' }));
    assert.deepEqual(
      approved.map((x) => [x.userId, x.type, x.actorId]),
      [['u1', 'vacation.approved', 'boss']],
    );
    assert.deepEqual(r.drafts(evt({ ...v, planned: false, by: 'u1' })), []);
  });

  it('calendar changes: an occurrence is named by its date; a whole cancelled event links to the calendar; the actor hears nothing', () => {
    const updated = ACTIVITY_RULES.find((r) => r.def.subject === calendarEvents.updated.subject)!;
    const base = {
      _id: 'ev1',
      name: 'Retro',
      userIds: ['u1', 'u2', 'u1'],
      actorId: 'u2',
      changed: 0,
      deleted: 1,
      added: 0,
      occurrence: '2026-12-01',
      scope: 'one',
    };
    const d = updated.drafts(evt(base));
    assert.deepEqual(
      d.map((x) => [x.userId, x.type, x.title]),
      [['u1', 'event.occurrence_cancelled', 'The event “Retro” on 2026-12-01 was cancelled']],
    );
    assert.deepEqual(updated.drafts(evt({ ...base, deleted: 0 })), [], 'nothing changed: nobody told');
    const deleted = ACTIVITY_RULES.find((r) => r.def.subject === calendarEvents.deleted.subject)!;
    assert.equal(deleted.drafts(evt({ _id: 'ev1', name: 'Retro', userIds: ['u1'], actorId: null }))[0]!.link, '/calendar');
  });

  it('drafts to the administrators or approvers become one per person, never the actor, each with its own key', async () => {
    const out = await expandAddressees(
      [draft({ userId: ADMINS, actorId: 'a1', key: 'idea' }), draft({ userId: APPROVERS_OF('u9'), key: 'vac' }), draft({ userId: 'u5' })],
      {
        admins: async () => ['a1', 'a2'],
        approvers: async () => ['u9', 'boss'],
      },
    );
    assert.deepEqual(
      out.map((d) => [d.userId, d.key]),
      [
        ['a2', 'idea:a2'],
        ['boss', 'vac:boss'],
        ['u5', 'k'],
      ],
    );
  });

  it('an actor known only by id gets their name, in front of a title whose sentence starts with them', async () => {
    const [d] = await withActors([draft({ type: 'post.like', title: 'liked your post', actorId: 'u7', data: {} })], async () => new Map([['u7', 'Finn Fox']]));
    assert.equal(d!.data!.actor, 'Finn Fox');
    assert.equal(d!.title, 'Finn Fox liked your post');
  });

  it('shop (issue 32): an accrual tells its recipient once (section shop); a purchase tells the managers, not the buyer', () => {
    const acc = {
      _id: 'a1',
      userId: 'u2',
      amount: 5,
      balance: 5,
      kind: 'auto' as const,
      cause: 'poll:p:u2',
      achievement: null,
      comment: 'poll',
      publish: false,
      by: null,
      userIds: ['u2'],
    };
    const [d, ...more] = ruleOf(shopEvents.accrued.subject).drafts(evt(acc) as never);
    assert.equal(more.length, 0);
    assert.deepEqual([d!.userId, d!.section, d!.type, d!.key], ['u2', 'shop', 'shop.accrued_auto', 'shop.accrued:a1']);
    const manual = ruleOf(shopEvents.accrued.subject).drafts(evt({ ...acc, kind: 'accrual', achievement: { _id: 'x', name: 'Helper' }, by: 'u1' }) as never);
    assert.equal(manual[0]!.type, 'shop.accrued');
    assert.equal(manual[0]!.title, 'You received 5 coins for “Helper”');
    const bought = { _id: 'b1', userId: 'u2', item: { _id: 'i1', name: 'Mug' }, cost: 5, balance: 0, rest: 0, managerIds: ['u1', 'u2', 'u3'], userIds: [] };
    const out = ruleOf(shopEvents.purchased.subject).drafts(evt(bought) as never);
    assert.deepEqual(
      out.map((x) => [x.userId, x.section, x.type, x.actorId]),
      [
        ['u1', 'shop', 'shop.purchased', 'u2'],
        ['u3', 'shop', 'shop.purchased', 'u2'],
      ],
    );
  });
});
