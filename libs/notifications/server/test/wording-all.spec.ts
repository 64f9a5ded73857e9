import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { NOTIFICATION_TYPE_WORDING, wordNotification } from '@intranet/notifications-contract/wording';
import { RULES, wordMessage } from '@intranet/notifications-server';

/**
 * Every notification type the service makes, worded in each language (issue 29 points 3, 4 and 6): one sample
 * event per consumed subject goes through its rule; each draft is worded as the web and the channels word it and
 * must keep no `{{`, no raw ISO timestamp, and link to its object.
 */
const C = '0190a1b2-0000-7000-8000-0000000000c1';
const A = '0190a1b2-0000-7000-8000-0000000000a1';
const B = '0190a1b2-0000-7000-8000-0000000000b1';
const ID = '0190a1b2-0000-7000-8000-0000000000e1';
const author = { _id: A, firstName: 'Ann', lastName: 'Lee' };
const post = { _id: ID, type: 'post', parent: { type: 'group', id: 'g1', where: null }, author, message: '<p>Hi</p>', mentions: [B] };

/** A sample payload per subject (only the fields the rules read). */
const SAMPLES: Record<string, unknown> = {
  'evt.notifications.notice.queued': { batch: 'b1', user_ids: [B], section: 'other', title: 'Notice', text: 'Body', link: null, by: A },
  'evt.social.post.created': { post, group: { name: 'Runners', member_ids: [A, B, 'u3'] } },
  'evt.social.post.updated': { post },
  'evt.social.comment.created': { comment: { _id: 'c1', author, message: 'Yes', mentions: [] }, post_id: ID, post_author_id: B, comments_count: 1 },
  'evt.social.like.changed': { like_type: 'post', liked: true, post_id: ID, post_author_id: B, user_id: A },
  'evt.social.group.changed': { _id: 'g1', name: 'Runners', action: 'invited', by: A, user_ids: [B] },
  'evt.calendar.event.invited': { _id: ID, name: 'Retro', date: '2026-11-27', start_time: '09:00', userIds: [B], actorId: A },
  'evt.calendar.event.reminder': { _id: ID, occurrence: null, name: 'Retro', start: '2026-11-27T09:01:00.000Z', tz: 'Europe/Kyiv', minutes: 15, userIds: [B] },
  'evt.calendar.event.updated': {
    _id: ID,
    name: 'Retro',
    scope: 'one',
    occurrence: '2026-11-27',
    changed: 0,
    deleted: 1,
    added: 0,
    userIds: [A, B],
    actorId: A,
  },
  'evt.calendar.event.deleted': { _id: ID, name: 'Retro', userIds: [A, B], actorId: A },
  'evt.polls.poll.published': { pollId: ID, name: 'Lunch', authorId: A, userIds: [B] },
  'evt.polls.poll.reminded': { pollId: ID, name: 'Lunch', userIds: [B] },
  'evt.lms.course.appointed': { courseId: ID, title: 'Safety', users: [B], departments: [], by: A },
  'evt.lms.idp.changed': { idpId: ID, title: 'Grow', employee: B, creator: A, observer: null, by: A, action: 'updated' },
  'evt.adaptation.adaptation.started': {
    adaptationId: ID,
    trackId: ID,
    trackName: 'Sales',
    userId: B,
    mentorId: 'u3',
    hrId: A,
    chiefId: null,
    startDate: '2026-12-01',
    by: A,
    userIds: [B, 'u3', A],
  },
  'evt.adaptation.step.opened': {
    adaptationId: ID,
    trackId: ID,
    trackName: 'Sales',
    userId: B,
    userIds: [B],
    stepId: 's1',
    stepName: 'Meet the team',
    type: 'task',
    scenario: 'newcomer',
    notify: [B],
  },
  'evt.adaptation.adaptation.finished': { adaptationId: ID, trackId: ID, trackName: 'Sales', userId: B, userIds: [B] },
  'evt.adaptation.adaptation.probation': { adaptationId: ID, trackId: ID, trackName: 'Sales', userId: B, userIds: [B, A], by: A },
  'evt.tasks.task.assigned': { desk_id: 'd1', by: A, task_id: ID, name: 'Fix', assignees: [B], userIds: [B] },
  'evt.tasks.task.due_soon': { desk_id: 'd1', by: null, task_id: ID, name: 'Fix', deadline: '2026-11-27T15:00:00.000Z', people: [B], userIds: [B] },
  'evt.tasks.task.overdue': { desk_id: 'd1', by: null, task_id: ID, name: 'Fix', deadline: '2026-11-27', people: [B], userIds: [B] },
  'evt.chat.notice.message': { room_id: 'r1', room_name: 'Team', msg_id: 'm1', sender_id: A, username: 'Ann Lee', preview: 'Hi', recipients: [B] },
  'evt.kb.vacancy.responded': { vacancyId: ID, title: 'Cook', responseId: 'x1', userId: A, userName: 'Ann Lee', receivers: [B], ownerId: null, userIds: [B] },
  'evt.bp.step.assigned': { requestId: ID, name: 'Laptop', step: 1, stepName: 'Approval', initiatorId: A, performers: [B], userIds: [B] },
  'evt.bp.service_req.sent': { _id: ID, author: A, bp: null },
  'evt.bp.request.finished': { requestId: ID, name: 'Laptop', status: 'finished', initiatorId: B, userIds: [B] },
  'evt.people.vacation.added': { _id: ID, user: B, start: '2026-12-01', end: '2026-12-14', planned: false, by: A },
  'evt.people.vacation.updated': { _id: ID, user: A, start: '2026-12-01', end: '2026-12-14', planned: true, by: A },
  'evt.people.vacation.deleted': { _id: ID, user: B, start: '2026-12-01', end: '2026-12-14', planned: false, by: A },
  'evt.social.idea.sent': { _id: ID, author_id: A },
  'evt.social.idea.status': { _id: ID, author_id: B, status: 'review' },
  'evt.social.viol_report.sent': { day: '2026-11-27' },
  'evt.shop.accrual.made': {
    _id: ID,
    userId: B,
    amount: 5,
    balance: 5,
    kind: 'accrual',
    cause: null,
    achievement: { _id: 'a1', name: 'Helper' },
    comment: 'Thanks',
    publish: false,
    by: A,
    userIds: [B],
  },
  'evt.shop.item.bought': { _id: ID, userId: B, item: { _id: 'i1', name: 'Mug' }, cost: 5, balance: 0, rest: 1, managerIds: [A], userIds: [A, B] },
};

/** Where each type's link must lead (the web's routes of its object). */
const LINKS: Record<string, string> = {
  mention: `/post/${ID}`,
  'group.post': `/post/${ID}`,
  'post.comment': `/post/${ID}`,
  'post.like': `/post/${ID}`,
  'group.invited': '/group/g1',
  'event.invited': `/calendar?event=${ID}`,
  'event.reminder': `/calendar?event=${ID}`,
  'event.occurrence_cancelled': `/calendar?event=${ID}`,
  'event.cancelled': '/calendar',
  'poll.published': `/poll/${ID}`,
  'poll.reminded': `/poll/${ID}`,
  'course.appointed': `/courses/${ID}`,
  'idp.changed': `/idp/${ID}`,
  'adapt.started': `/adaptation/user/${ID}`,
  'adapt.step_opened': `/adaptation/user/${ID}`,
  'adapt.finished': `/adaptation/user/${ID}`,
  'adapt.probation': `/adaptation/user/${ID}`,
  'task.assigned': `/desk/d1?task=${ID}`,
  'task.due_soon': `/desk/d1?task=${ID}`,
  'task.overdue': `/desk/d1?task=${ID}`,
  'chat.message': '/chat/r1',
  'vacancy.responded': `/vacancy/${ID}`,
  'bp.step': `/service/request/${ID}`,
  'bp.service_req': '/services?tab=asks',
  'bp.finished': `/service/request/${ID}`,
  'vacation.approved': '/vacations',
  'vacation.requested': '/vacations',
  'vacation.deleted': '/vacations',
  'idea.sent': '/idea?tab=all',
  'idea.status': '/idea?tab=mine',
  'viol_report.sent': '/report_violation?tab=reports',
  'shop.accrued': '/shop?tab=balance',
  'shop.purchased': '/shop?tab=statistics',
};

const drafts = RULES.flatMap((r) => {
  const data = SAMPLES[r.def.subject];
  assert.ok(data, `no sample for ${r.def.subject}: add one`);
  const out = r.drafts({ id: `evt-${r.def.subject}`, subject: r.def.subject, clientId: C, data } as never);
  assert.ok(out.length, `the sample of ${r.def.subject} notifies no one`);
  // The consumer names the actor from the directory (withActors).
  return out.map((d) => ({ ...d, data: d.data && d.actorId && !d.data.actor ? { ...d.data, actor: 'Ann Lee' } : d.data }));
});

describe('every notification type worded in ru, uk and en (issue 29)', () => {
  it('has a sentence in every language for every type a rule makes (but an administrator’s notice)', () => {
    for (const d of drafts.filter((x) => x.type !== 'manual'))
      for (const lang of ['en', 'ru', 'uk'] as const) assert.ok((NOTIFICATION_TYPE_WORDING[lang] as Record<string, string>)[d.type], `${d.type} in ${lang}`);
  });

  it('fills every variable of every type in every language, in the web (reader’s zone) and in the channels', () => {
    for (const d of drafts)
      for (const lang of ['en', 'ru', 'uk']) {
        const web = wordNotification({ type: d.type, data: d.data }, lang, { timeZone: 'Europe/Kyiv' });
        const mail = wordMessage({ ...d, data: d.data ?? null }, '', lang);
        for (const text of [web.title ?? d.title, web.text ?? d.text, mail.subject, mail.text]) {
          assert.doesNotMatch(text, /\{\{/, `${d.type} (${lang}): ${text}`);
          assert.doesNotMatch(text, /\d{4}-\d{2}-\d{2}/, `${d.type} (${lang}) shows a raw date: ${text}`);
        }
      }
  });

  it('fills the vacation’s dates and the step of a request (the placeholders users saw)', () => {
    const v = drafts.find((d) => d.type === 'vacation.approved')!;
    assert.equal(wordNotification(v, 'en').title, 'Ann Lee approved your vacation 1 Dec 2026 – 14 Dec 2026');
    assert.equal(wordNotification(v, 'ru').title, 'Ann Lee согласовал(а) ваш отпуск 1 дек. 2026 г. – 14 дек. 2026 г.');
    const s = drafts.find((d) => d.type === 'bp.step')!;
    assert.equal(wordNotification(s, 'uk').title, 'На вас чекає етап заявки «Laptop»: Approval');
  });

  it('words the reminder’s start in the reader’s language and zone, naming the zone where it is not the reader’s own', () => {
    const r = drafts.find((d) => d.type === 'event.reminder')!;
    assert.equal(r.text, '');
    assert.equal(wordNotification(r, 'en', { timeZone: 'Europe/Kyiv' }).text, 'Starts 27 Nov 2026, 11:01');
    assert.equal(wordNotification(r, 'ru', { timeZone: 'Asia/Tokyo' }).text, 'Начало: 27 нояб. 2026 г., 18:01');
    // E-mail: no reader's zone is known (neither users nor clients keep one): the event's own zone, named.
    assert.match(wordMessage({ ...r, data: r.data ?? null }, '', 'en').text, /Starts 27 Nov 2026, 11:01 (EET|GMT\+2)/);
  });

  it('names the group in the texts of groups', () => {
    for (const d of drafts.filter((x) => x.type.startsWith('group.'))) assert.match(wordNotification(d, 'en').title!, /“Runners”/);
  });

  it('links every notification to its object', () => {
    for (const d of drafts.filter((x) => x.type !== 'manual')) assert.equal(d.link, LINKS[d.type] ?? assert.fail(`no expected link for ${d.type}`), d.type);
  });
});
