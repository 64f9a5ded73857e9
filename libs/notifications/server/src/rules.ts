import { bpEvents } from '@intranet/bp-contract';
import { calendarEvents } from '@intranet/calendar-contract';
import { chatEvents } from '@intranet/chat-contract';
import { kbEvents } from '@intranet/kb-contract';
import { notificationsEvents } from '@intranet/notifications-contract';
import { vacationEvents } from '@intranet/people-contract/structure';
import { pollsEvents } from '@intranet/polls-contract';
import { socialEvents } from '@intranet/social-contract';
import { tasksEvents } from '@intranet/tasks-contract';
import type { z } from 'zod';
import { NOTIFICATION_TYPE_WORDING } from '@intranet/notifications-contract/wording';
import { ADAPTATION_RULES } from './adaptation-rules.ts';
import { LMS_RULES } from './lms-rules.ts';
import { ACTIVITY_RULES, excerpt, groupPostDrafts, vacationRequestDrafts } from './activity-rules.ts';
import { ADMINS, APPROVERS_OF, nameOf, rule, type Draft, type Rule } from './rule.ts';

export { excerpt } from './activity-rules.ts';
export { ADMINS, APPROVERS_OF, rule, type Draft, type Rule } from './rule.ts';

const APPROVERS_PREFIX = APPROVERS_OF('');

function postMentions(post: z.output<typeof socialEvents.postCreated.payload>['post']): Draft[] {
  // A system post announces what its domain has told the people it names already (a shop accrual "published to the
  // wall" mentions its recipient, who has the shop's notification): no second one as a mention (issue 32).
  if (post.parent.type === 'system') return [];
  const actor = nameOf(post.author);
  const type = post.type === 'thanks' ? 'thanks' : 'mention';
  return post.mentions
    .filter((u) => u !== post.author._id)
    .map((userId) => ({
      userId,
      section: 'posts',
      type,
      title: type === 'thanks' ? `${actor} thanked you` : `${actor} mentioned you in a post`,
      text: excerpt(post.message),
      link: `/post/${post._id}`,
      object: { type: 'post', id: post._id },
      actorId: post.author._id,
      data: { actor },
      key: `${type}:post:${post._id}:${userId}`,
    }));
}

/**
 * An administrator's notice (POST api/notification) as drafts: one per user, keyed by the notice's `batch` and the
 * user, so storing it again (a redelivered notice.queued) adds nothing.
 */
export function noticeDrafts(n: {
  batch: string;
  user_ids: readonly string[];
  section: string;
  title: string;
  text: string;
  link: string | null;
  by: string | null;
}): Draft[] {
  return n.user_ids.map((userId) => ({
    userId,
    section: n.section,
    type: 'manual',
    title: n.title,
    text: n.text,
    link: n.link,
    object: null,
    actorId: n.by,
    key: `manual:${n.batch}:${userId}`,
  }));
}

/** What each domain event becomes (issue 10: social, groups, calendar, polls, tasks, chat, kb, services, vacations). */
export const RULES: Rule[] = [
  // A large notice accepted by POST api/notification, stored here in chunks (see notify).
  rule(notificationsEvents.noticeQueued, (e) => noticeDrafts(e.data)),
  rule(socialEvents.postCreated, (e) => {
    const mentions = postMentions(e.data.post);
    return [...mentions, ...groupPostDrafts(e.data, new Set(mentions.map((d) => d.userId)))];
  }),
  rule(socialEvents.postUpdated, (e) => postMentions(e.data.post)),
  rule(socialEvents.commentCreated, (e) => {
    const c = e.data.comment;
    const actor = nameOf(c.author);
    const mentions: Draft[] = c.mentions
      .filter((u) => u !== c.author._id)
      .map((userId) => ({
        userId,
        section: 'posts',
        type: 'comment.mention',
        title: `${actor} mentioned you in a comment`,
        text: excerpt(c.message),
        link: `/post/${e.data.post_id}`,
        object: { type: 'post', id: e.data.post_id },
        actorId: c.author._id,
        data: { actor },
        key: `mention:comment:${c._id}:${userId}`,
      }));
    // The post's author hears of a comment on their post (not of their own, nor twice when also mentioned).
    const author = e.data.post_author_id;
    const toAuthor: Draft[] =
      author && author !== c.author._id && !c.mentions.includes(author)
        ? [
            {
              userId: author,
              section: 'posts',
              type: 'post.comment',
              title: `${actor} commented on your post`,
              text: excerpt(c.message),
              link: `/post/${e.data.post_id}`,
              object: { type: 'post', id: e.data.post_id },
              actorId: c.author._id,
              data: { actor },
              key: `comment:${c._id}:${author}`,
            },
          ]
        : [];
    return [...mentions, ...toAuthor];
  }),
  // A like of a post tells its author (not their own like; liking again after unliking notifies no more: the key).
  rule(socialEvents.likeChanged, (e) => {
    const d = e.data;
    if (d.like_type !== 'post' || !d.liked || !d.post_author_id || d.post_author_id === d.user_id) return [];
    return [
      {
        userId: d.post_author_id,
        section: 'posts',
        type: 'post.like',
        // The actor's name is filled in by the consumer (the event carries only the id): see withActors.
        title: 'liked your post',
        text: '',
        link: `/post/${d.post_id}`,
        object: { type: 'post', id: d.post_id },
        actorId: d.user_id,
        data: {},
        key: `like:post:${d.post_id}:${d.user_id}`,
      },
    ];
  }),
  rule(socialEvents.groupChanged, (e) => {
    const d = e.data;
    // A request to join: the group's owner and admins, who decide it (the requester's name is put in front).
    if (d.action === 'requested')
      return (d.admin_ids ?? [])
        .filter((u) => u !== d.by)
        .map((userId) => ({
          userId,
          section: 'groups',
          type: 'group.requested',
          title: `asked to join your group “${d.name ?? ''}”`,
          text: '',
          link: `/group/${d._id}`,
          object: { type: 'group', id: d._id },
          actorId: d.by,
          data: { name: d.name ?? '' },
          key: `group.requested:${d._id}:${d.user_ids[0] ?? d.by}:${userId}:${e.id}`,
        }));
    if (!['invited', 'approved', 'rejected'].includes(d.action)) return [];
    return d.user_ids
      .filter((u) => u !== d.by)
      .map((userId) => ({
        userId,
        section: 'groups',
        type: `group.${d.action}`,
        title:
          d.action === 'invited'
            ? `You were invited to the group “${d.name ?? ''}”`
            : d.action === 'approved'
              ? `Your request to join the group “${d.name ?? ''}” was approved`
              : `Your request to join the group “${d.name ?? ''}” was rejected`,
        text: '',
        link: `/group/${d._id}`,
        object: { type: 'group', id: d._id },
        actorId: d.by,
        data: { name: d.name ?? '' },
        key: `group.${d.action}:${d._id}:${userId}:${e.id}`,
      }));
  }),
  rule(calendarEvents.invited, (e) =>
    e.data.userIds
      .filter((u) => u !== e.data.actorId)
      .map((userId) => ({
        userId,
        section: 'events',
        type: 'event.invited',
        title: `You were invited to the event “${e.data.name}”`,
        // Worded from the data in the reader's language (NOTIFICATION_TEXT_WORDING): the date and its wall-clock time.
        text: '',
        link: `/calendar?event=${e.data._id}`,
        object: { type: 'event', id: e.data._id },
        actorId: e.data.actorId,
        data: { name: e.data.name, date: e.data.date, time: e.data.start_time },
        key: `event.invited:${e.data._id}:${userId}:${e.id}`,
      })),
  ),
  rule(calendarEvents.reminder, (e) =>
    e.data.userIds.map((userId) => ({
      userId,
      section: 'events',
      type: 'event.reminder',
      title: `The event “${e.data.name}” starts in ${e.data.minutes} min`,
      // The start is worded from the data in the reader's language and zone (NOTIFICATION_TEXT_WORDING).
      text: '',
      link: `/calendar?event=${e.data._id}`,
      object: { type: 'event', id: e.data._id },
      actorId: null,
      data: { name: e.data.name, minutes: String(e.data.minutes), start: e.data.start, ...(e.data.tz ? { tz: e.data.tz } : {}) },
      key: `event.reminder:${e.data._id}:${e.data.occurrence ?? ''}:${userId}`,
    })),
  ),
  rule(pollsEvents.published, (e) =>
    e.data.userIds
      .filter((u) => u !== e.data.authorId)
      .map((userId) => ({
        userId,
        section: 'polls',
        type: 'poll.published',
        title: `A new poll to answer: “${e.data.name}”`,
        text: '',
        link: `/poll/${e.data.pollId}`,
        object: { type: 'poll', id: e.data.pollId },
        actorId: e.data.authorId,
        data: { name: e.data.name },
        key: `poll.published:${e.data.pollId}:${userId}`,
      })),
  ),
  rule(pollsEvents.reminded, (e) =>
    e.data.userIds.map((userId) => ({
      userId,
      section: 'polls',
      type: 'poll.reminded',
      title: `Please answer the poll “${e.data.name}”`,
      text: '',
      link: `/poll/${e.data.pollId}`,
      object: { type: 'poll', id: e.data.pollId },
      actorId: null,
      data: { name: e.data.name },
      key: `poll.reminded:${e.data.pollId}:${userId}:${e.id}`,
    })),
  ),
  rule(tasksEvents.taskAssigned, (e) =>
    e.data.assignees
      .filter((u) => u !== e.data.by)
      .map((userId) => ({
        userId,
        section: 'tasks',
        type: 'task.assigned',
        title: `You were assigned the task “${e.data.name}”`,
        text: '',
        link: `/desk/${e.data.desk_id}?task=${e.data.task_id}`,
        object: { type: 'task', id: e.data.task_id },
        actorId: e.data.by,
        data: { name: e.data.name },
        key: `task.assigned:${e.data.task_id}:${userId}:${e.id}`,
      })),
  ),
  ...(
    [
      ['task.due_soon', tasksEvents.taskDueSoon, 'is due soon'],
      ['task.overdue', tasksEvents.taskOverdue, 'is overdue'],
    ] as const
  ).map(([type, def, what]) =>
    rule(def, (e) =>
      e.data.people.map((userId) => ({
        userId,
        section: 'tasks',
        type,
        title: `The task “${e.data.name}” ${what}`,
        // The deadline is worded from the data in the reader's language (NOTIFICATION_TEXT_WORDING).
        text: '',
        link: `/desk/${e.data.desk_id}?task=${e.data.task_id}`,
        object: { type: 'task', id: e.data.task_id },
        actorId: null,
        data: { name: e.data.name, deadline: e.data.deadline },
        key: `${type}:${e.data.task_id}:${e.data.deadline}:${userId}`,
      })),
    ),
  ),
  // A chat message while away: one unread notification per room and person at a time (the chat has its own counters);
  // members with the portal open see it live and get none (nor its e-mail, Telegram…).
  rule(
    chatEvents.noticeMessage,
    (e) =>
      e.data.recipients
        .filter((u) => u !== e.data.sender_id)
        .map((userId) => ({
          userId,
          section: 'other',
          type: 'chat.message',
          title: `New message from ${e.data.username}`,
          text: e.data.preview,
          link: `/chat/${e.data.room_id}`,
          object: { type: 'chat', id: e.data.room_id },
          actorId: e.data.sender_id,
          data: { actor: e.data.username, name: e.data.room_name },
          key: `chat.message:${e.data.msg_id}:${userId}`,
          collapse: true,
        })),
    { awayOnly: true },
  ),
  rule(kbEvents.vacancyResponded, (e) =>
    [...new Set([...e.data.receivers, ...(e.data.ownerId ? [e.data.ownerId] : [])])]
      .filter((u) => u !== e.data.userId)
      .map((userId) => ({
        userId,
        // §3 section `resp` (responses): the /notifications settings' "Responses" row.
        section: 'resp',
        type: 'vacancy.responded',
        title: `${e.data.userName ?? 'Someone'} responded to the vacancy “${e.data.title}”`,
        text: '',
        link: `/vacancy/${e.data.vacancyId}`,
        object: { type: 'vacancy', id: e.data.vacancyId },
        actorId: e.data.userId,
        data: { actor: e.data.userName ?? '', name: e.data.title },
        key: `vacancy.responded:${e.data.responseId}:${userId}`,
      })),
  ),
  // A step of a service request to pass: its performers (the initiator too when the step is theirs).
  rule(bpEvents.assigned, (e) =>
    (e.data.performers ?? []).map((userId) => ({
      userId,
      section: 'services',
      type: 'bp.step',
      title: `A step of the request “${e.data.name}” awaits you: ${e.data.stepName}`,
      text: e.data.stepName,
      link: `/service/request/${e.data.requestId}`,
      object: { type: 'bp_request', id: e.data.requestId },
      actorId: null,
      data: { name: e.data.name, step: e.data.stepName },
      key: `bp.step:${e.data.requestId}:${e.data.step}:${userId}`,
    })),
  ),
  // An employee asked the administrators for a service (POST api/user/send_service_req): every administrator hears.
  rule(bpEvents.serviceReqSent, (e) => [
    {
      userId: ADMINS,
      section: 'services',
      type: 'bp.service_req',
      // The employee's name is put in front by the consumer (the event carries only the id): see withActors.
      title: 'asked the administrators for a service',
      text: '',
      link: '/services?tab=asks',
      object: { type: 'service_req', id: e.data._id },
      actorId: e.data.author,
      data: {},
      key: `bp.service_req:${e.data._id}`,
    },
  ]),
  // The end of a request: its initiator hears whether it was finished or rejected.
  rule(bpEvents.finished, (e) => [
    {
      userId: e.data.initiatorId,
      section: 'services',
      type: `bp.${e.data.status}`,
      title: e.data.status === 'finished' ? `Your request “${e.data.name}” was completed` : `Your request “${e.data.name}” was rejected`,
      text: '',
      link: `/service/request/${e.data.requestId}`,
      object: { type: 'bp_request', id: e.data.requestId },
      actorId: null,
      data: { name: e.data.name },
      key: `bp.end:${e.data.requestId}:${e.data.initiatorId}`,
    },
  ]),
  // A vacation decision: a manager approving it (planned → not planned, or added already approved) or deleting it
  // tells the employee; their own changes tell no one. Approval is keyed by the dates, so re-approving new dates
  // notifies again but a redelivery does not.
  // An employee's own request (planned, added by themselves) tells whoever approves it (APPROVERS_OF).
  ...[vacationEvents.vacationAdded, vacationEvents.vacationUpdated].map((def) =>
    rule(def, (e) =>
      e.data.planned
        ? vacationRequestDrafts(e)
        : !e.data.by || e.data.by === e.data.user
          ? []
          : [vacationDraft('vacation.approved', e.data, `${e.data.start}:${e.data.end}`)],
    ),
  ),
  rule(vacationEvents.vacationDeleted, (e) => (!e.data.by || e.data.by === e.data.user ? [] : [vacationDraft('vacation.deleted', e.data, e.id)])),
  ...ACTIVITY_RULES,
  ...LMS_RULES,
  ...ADAPTATION_RULES,
];

/** A notification of a manager's decision on an employee's vacation (section other, link /vacations). */
function vacationDraft(type: 'vacation.approved' | 'vacation.deleted', v: z.output<typeof vacationEvents.vacationAdded.payload>, discriminator: string): Draft {
  return {
    userId: v.user,
    section: 'other',
    type,
    // The manager's name is put in front by the consumer (the event carries only the id): see withActors.
    title: `${type === 'vacation.approved' ? 'approved' : 'cancelled'} your vacation ${v.start} – ${v.end}`,
    text: '',
    link: '/vacations',
    object: { type: 'vacation', id: v._id },
    actorId: v.by ?? null,
    data: { start: v.start, end: v.end },
    key: `${type}:${v._id}:${discriminator}`,
  };
}

/** The durable consumer name of a rule (one JetStream consumer per subject: a failure redelivers that one only). */
export const consumerName = (subject: string) => `notifications-${subject.replace(/^evt\./, '').replace(/[^A-Za-z0-9]+/g, '-')}`;

/**
 * Fills `data.actor` (and, where the type's sentence opens with the actor, the English title) of drafts whose event
 * carried only the actor's id (a like), from the employee directory; an unknown actor stays nameless. `lookup` gives
 * the names of ids in the client.
 */
export async function withActors(drafts: Draft[], lookup: (ids: string[]) => Promise<Map<string, string>>): Promise<Draft[]> {
  const missing = [...new Set(drafts.filter((d) => d.actorId && d.data && !d.data.actor).map((d) => d.actorId!))];
  if (!missing.length) return drafts;
  const names = await lookup(missing);
  const words = NOTIFICATION_TYPE_WORDING.en as Record<string, string>;
  return drafts.map((d) => {
    if (!d.actorId || !d.data || d.data.actor) return d;
    const actor = names.get(d.actorId) ?? '';
    const prefix = actor && words[d.type]?.startsWith('{{actor}}');
    return { ...d, data: { ...d.data, actor }, title: prefix ? `${actor} ${d.title}` : d.title };
  });
}

/**
 * Replaces each draft addressed to a group of people by one per person, leaving out the actor (and, for a
 * vacation, its employee); the key gets the person's id (one notification each, stable across redelivery):
 * ADMINS → the client's administrators; APPROVERS_OF(user) → who approves that employee's vacation.
 */
export async function expandAddressees(
  drafts: Draft[],
  who: { admins: () => Promise<string[]>; approvers: (userId: string) => Promise<string[]> },
): Promise<Draft[]> {
  const out: Draft[] = [];
  let admins: string[] | undefined;
  for (const d of drafts) {
    let ids: string[];
    if (d.userId === ADMINS) ids = admins ??= await who.admins();
    else if (d.userId.startsWith(APPROVERS_PREFIX)) {
      const employee = d.userId.slice(APPROVERS_PREFIX.length);
      ids = (await who.approvers(employee)).filter((u) => u !== employee);
    } else {
      out.push(d);
      continue;
    }
    out.push(...ids.filter((a) => a !== d.actorId).map((userId) => ({ ...d, userId, key: `${d.key}:${userId}` })));
  }
  return out;
}

/** expandAddressees for drafts addressed to the administrators only. */
export const expandAdmins = (drafts: Draft[], admins: () => Promise<string[]>) => expandAddressees(drafts, { admins, approvers: async () => [] });
