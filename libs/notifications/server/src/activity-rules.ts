import { calendarEvents } from '@intranet/calendar-contract';
import { vacationEvents } from '@intranet/people-contract/structure';
import { shopEvents } from '@intranet/shop-contract';
import { socialEvents } from '@intranet/social-contract';
import type { BusEvent } from '@intranet/platform-bus';
import type { z } from 'zod';
import { ADMINS, APPROVERS_OF, nameOf, rule, type Draft, type Rule } from './rule.ts';

/** Text of a message without markup, cut to `max` symbols (an excerpt for the notification). */
export const excerpt = (html: string, max = 140) => {
  const t = html
    .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|tr|td)\b[^>]*>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/**
 * A new post in a group tells the group's members (section groups: each one's settings decide the channels), not
 * its author nor those already told of a mention in it.
 */
export function groupPostDrafts(d: z.output<typeof socialEvents.postCreated.payload>, skip: ReadonlySet<string>): Draft[] {
  const { post, group } = d;
  if (!group || post.parent.type !== 'group') return [];
  const actor = nameOf(post.author);
  return group.member_ids
    .filter((u) => u !== post.author._id && !skip.has(u))
    .map((userId) => ({
      userId,
      section: 'groups',
      type: 'group.post',
      title: `${actor} posted in the group “${group.name}”`,
      text: excerpt(post.message),
      link: `/post/${post._id}`,
      object: { type: 'post', id: post._id },
      actorId: post.author._id,
      data: { actor, name: group.name },
      key: `group.post:${post._id}:${userId}`,
    }));
}

/**
 * An employee's own vacation request (planned, added or changed by themselves) tells whoever approves it
 * (APPROVERS_OF: the direct chief, else vacations_edit holders and administrators); keyed by the dates, so new dates
 * ask again but a redelivery does not.
 */
export function vacationRequestDrafts(e: BusEvent<z.output<typeof vacationEvents.vacationAdded.payload>>): Draft[] {
  const v = e.data;
  if (!v.planned || !v.by || v.by !== v.user) return [];
  return [
    {
      userId: APPROVERS_OF(v.user),
      section: 'other',
      type: 'vacation.requested',
      // The employee's name is put in front by the consumer (the event carries only the id): see withActors.
      title: `asks you to approve a vacation ${v.start} – ${v.end}`,
      text: '',
      link: '/vacations',
      object: { type: 'vacation', id: v._id },
      actorId: v.user,
      data: { start: v.start, end: v.end },
      key: `vacation.requested:${v._id}:${v.start}:${v.end}`,
    },
  ];
}

/** A change of an event tells its members and organiser (not the one who made it); its link opens the event. */
function eventChangeDrafts(
  e: { id: string; data: { _id: string; name: string; userIds: string[]; actorId: string | null } },
  type: string,
  title: string,
  extra: { date?: string; link?: string } = {},
): Draft[] {
  const d = e.data;
  return [...new Set(d.userIds)]
    .filter((u) => u !== d.actorId)
    .map((userId) => ({
      userId,
      section: 'events',
      type,
      title,
      text: '',
      link: extra.link ?? `/calendar?event=${d._id}`,
      object: { type: 'event', id: d._id },
      actorId: d.actorId,
      data: { name: d.name, ...(extra.date ? { date: extra.date } : {}) },
      key: `${type}:${d._id}:${userId}:${e.id}`,
    }));
}

/** Rules added by issue 29 (events that notified no one): calendar changes, ideas, violation reports; issue 32: the shop. */
export const ACTIVITY_RULES: Rule[] = [
  // A changed or cancelled event, occurrence or part of a series (an occurrence is named by its date).
  rule(calendarEvents.updated, (e) => {
    const d = e.data;
    if (!d.changed && !d.deleted && !d.added) return [];
    const cancelled = d.deleted > 0 && !d.changed && !d.added;
    if (d.occurrence && d.scope !== 'all')
      return eventChangeDrafts(
        e,
        cancelled ? 'event.occurrence_cancelled' : 'event.occurrence_changed',
        `The event “${d.name}” on ${d.occurrence} was ${cancelled ? 'cancelled' : 'changed'}`,
        { date: d.occurrence },
      );
    return eventChangeDrafts(e, cancelled ? 'event.cancelled' : 'event.changed', `The event “${d.name}” was ${cancelled ? 'cancelled' : 'changed'}`);
  }),
  // A whole event cancelled: it is gone, so the link opens the calendar.
  rule(calendarEvents.deleted, (e) => eventChangeDrafts(e, 'event.cancelled', `The event “${e.data.name}” was cancelled`, { link: '/calendar' })),
  // A new idea: the client's administrators, who review it (the ideas tab of all ideas).
  rule(socialEvents.ideaSent, (e) => [
    {
      userId: ADMINS,
      section: 'other',
      type: 'idea.sent',
      // The author's name is put in front by the consumer (the event carries only the id): see withActors.
      title: 'proposed a new idea',
      text: '',
      link: '/idea?tab=all',
      object: { type: 'idea', id: e.data._id },
      actorId: e.data.author_id,
      data: {},
      key: `idea.sent:${e.data._id}`,
    },
  ]),
  // An idea's new status: its author (their ideas tab).
  rule(socialEvents.ideaStatusChanged, (e) => [
    {
      userId: e.data.author_id,
      section: 'other',
      type: 'idea.status',
      title: `Your idea is now: ${e.data.status}`,
      text: '',
      link: '/idea?tab=mine',
      object: { type: 'idea', id: e.data._id },
      actorId: null,
      data: { status: e.data.status },
      key: `idea.status:${e.data._id}:${e.id}`,
    },
  ]),
  // A violation report (anonymous by design: no id, no sender): the administrators, at the reports tab.
  rule(socialEvents.violReportSent, (e) => [
    {
      userId: ADMINS,
      section: 'other',
      type: 'viol_report.sent',
      title: 'A new violation report was sent',
      text: '',
      link: '/report_violation?tab=reports',
      object: null,
      actorId: null,
      data: {},
      key: `viol_report.sent:${e.id}`,
    },
  ]),
  // Coins accrued (by hand or automatically): the recipient, at their balance tab (section shop).
  rule(shopEvents.accrued, (e) => [
    {
      userId: e.data.userId,
      section: 'shop',
      type: e.data.achievement ? 'shop.accrued' : 'shop.accrued_auto',
      title: `You received ${e.data.amount} coins${e.data.achievement ? ` for “${e.data.achievement.name}”` : ''}`,
      // An automatic accrual's comment is its kind (not words for a reader).
      text: e.data.kind === 'auto' ? '' : e.data.comment,
      link: '/shop?tab=balance',
      object: { type: 'shop_accrual', id: e.data._id },
      actorId: e.data.by,
      data: { amount: String(e.data.amount), name: e.data.achievement?.name ?? '' },
      key: `shop.accrued:${e.data._id}`,
    },
  ]),
  // A purchase: the shop managers (not the buyer), at the statistics tab.
  rule(shopEvents.purchased, (e) =>
    e.data.managerIds
      .filter((u) => u !== e.data.userId)
      .map((userId) => ({
        userId,
        section: 'shop',
        type: 'shop.purchased',
        title: `bought “${e.data.item.name}” for ${e.data.cost} coins`,
        text: '',
        link: '/shop?tab=statistics',
        object: { type: 'shop_purchase', id: e.data._id },
        actorId: e.data.userId,
        data: { name: e.data.item.name, amount: String(e.data.cost) },
        key: `shop.purchased:${e.data._id}:${userId}`,
      })),
  ),
];
