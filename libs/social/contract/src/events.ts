import { defineEvent, defineSubject, Id, z, type EventDef, type EventPayload, type SubjectDef } from '@intranet/platform-contracts';
import { IDEA_STATUSES } from './group-schemas.ts';
import { likeResult } from './inputs.ts';
import { COMMENT_PARENT_TYPES, commentSchema, feedPostSchema } from './schemas.ts';

/** Group, idea and report events (DESIGN §6). `userIds` narrows the realtime audience (closed/private groups). */
export const groupEvents = {
  groupChanged: defineEvent(
    'evt.social.group.changed',
    z.object({
      _id: z.string(),
      /** The group's name (notifications name the group); absent in events written before it was added. */
      name: z.string().optional(),
      /** What happened: created, updated, deleted, joined, left, removed, requested, approved, rejected, cancelled, invited, withdrawn, accepted, declined, owner, admin. */
      action: z.string(),
      /** Who did it and whom it concerns (consumers: notifications). */
      by: z.string().nullable(),
      user_ids: z.array(z.string()),
      /** On `requested`: the group's owner and admins, who decide the request (notifications tells them). */
      admin_ids: z.array(z.string()).optional(),
      /** Sockets that get it: the group's members and the people concerned (every socket of the client when absent: public groups). */
      userIds: z.array(z.string()).optional(),
    }),
  ),
  ideaSent: defineEvent('evt.social.idea.sent', z.object({ _id: z.string(), author_id: z.string(), userIds: z.array(z.string()).optional() })),
  /** An idea was accepted: the shop accrues the author's "good idea" coins. */
  ideaAccepted: defineEvent('evt.social.idea.accepted', z.object({ _id: z.string(), author_id: z.string(), by: z.string().nullable() })),
  ideaStatusChanged: defineEvent(
    'evt.social.idea.status',
    z.object({ _id: z.string(), author_id: z.string(), status: z.enum(IDEA_STATUSES), userIds: z.array(z.string()).optional() }),
  ),
  /** A report arrived: no id, no sender, no time but the day (admins' lists reload). */
  violReportSent: defineEvent('evt.social.viol_report.sent', z.object({ day: z.string() })),
  violReportHandled: defineEvent('evt.social.viol_report.handled', z.object({ _id: z.string(), handled: z.boolean() })),
} satisfies Record<string, EventDef>;

/** Events the social service publishes (DESIGN §6); the gateway relays `evt.social.>` to the client's sockets. */
export const socialEvents = {
  /**
   * A post was created (liked/viewed false: the payload is the same for every reader). `userIds`: the readers of a
   * closed or private group's post (the realtime relay sends it to their sockets only); absent for everyone's posts.
   */
  postCreated: defineEvent(
    'evt.social.post.created',
    z.object({
      post: feedPostSchema,
      userIds: z.array(z.string()).optional(),
      /** A group's post: the group's name and its members' ids (notifications tells the members). */
      group: z.object({ name: z.string(), member_ids: z.array(z.string()) }).optional(),
    }),
  ),
  postUpdated: defineEvent('evt.social.post.updated', z.object({ post: feedPostSchema, userIds: z.array(z.string()).optional() })),
  postDeleted: defineEvent(
    'evt.social.post.deleted',
    z.object({
      _id: z.string(),
      type: z.string(),
      parent: z.object({ type: z.string(), id: z.string().nullable() }),
      userIds: z.array(z.string()).optional(),
    }),
  ),
  commentCreated: defineEvent(
    'evt.social.comment.created',
    z.object({
      comment: commentSchema,
      post_id: z.string(),
      /** The post's author (notifications tells them of a comment on their post). */
      post_author_id: z.string().optional(),
      comments_count: z.number(),
      userIds: z.array(z.string()).optional(),
    }),
  ),
  commentUpdated: defineEvent(
    'evt.social.comment.updated',
    z.object({ comment: commentSchema, post_id: z.string(), comments_count: z.number(), userIds: z.array(z.string()).optional() }),
  ),
  commentDeleted: defineEvent(
    'evt.social.comment.deleted',
    z.object({
      _id: z.string(),
      post_id: z.string(),
      parent: z.object({ type: z.enum(COMMENT_PARENT_TYPES), id: z.string() }),
      comments_count: z.number(),
      userIds: z.array(z.string()).optional(),
    }),
  ),
  /** `userIds`: a closed or private group's post tells its readers only (absent: every socket of the client). */
  likeChanged: defineEvent(
    'evt.social.like.changed',
    // post_author_id: the liked post's author (notifications tells them of a like of their post).
    likeResult.extend({ user_id: z.string(), post_author_id: z.string().optional(), userIds: z.array(z.string()).optional() }),
  ),
  viewChanged: defineEvent(
    'evt.social.view.changed',
    z.object({
      user_id: z.string(),
      posts: z.array(z.object({ _id: z.string(), views_count: z.number() })),
      userIds: z.array(z.string()).optional(),
    }),
  ),
  followChanged: defineEvent(
    'evt.social.follow.changed',
    z.object({ follower_id: z.string(), user_id: z.string(), following: z.boolean(), followers: z.number() }),
  ),
  ...groupEvents,
} satisfies Record<string, EventDef>;

/** Payload types of the events above. */
export type PostCreatedEvent = EventPayload<typeof socialEvents.postCreated>;
export type PostDeletedEvent = EventPayload<typeof socialEvents.postDeleted>;
export type CommentEvent = EventPayload<typeof socialEvents.commentCreated>;
export type CommentDeletedEvent = EventPayload<typeof socialEvents.commentDeleted>;
export type LikeChangedEvent = EventPayload<typeof socialEvents.likeChanged>;
export type ViewChangedEvent = EventPayload<typeof socialEvents.viewChanged>;
export type FollowChangedEvent = EventPayload<typeof socialEvents.followChanged>;

/** Internal request subjects of the social service (not HTTP routes). */
export const socialSubjects = {
  /**
   * `{ clientId }` → `{ wallPosts }`: rebuilds the workspace's read models (issue 36 maintenance task
   * `rebuildReadModels`): the company wall's window of the answering replica is loaded again from the database and
   * the posts it holds are counted. Asked by the clients service for the superadmin.
   */
  rebuildReadModels: defineSubject(
    'social.maintenance.rebuildReadModels',
    z.object({ clientId: Id }),
    z.object({ wallPosts: z.number().int().min(0) }),
    'Rebuilds the read models (the wall) of one workspace',
  ),
} satisfies Record<string, SubjectDef>;
