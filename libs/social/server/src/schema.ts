import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appRole, CURRENT_USER, tenantPolicy } from '@intranet/platform-db';

/** PostgreSQL schema owned by the social service (DESIGN §2). */
export const socialSchema = pgSchema('social');

/** Millisecond timestamps: feed cursors carry them exactly (JS Date precision). */
const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * Social's projection of people's users (DESIGN §2), fed by `evt.people.user.*`: what feeds show of an author and
 * what the birthdays widget needs, so no feed ever calls the people service. `version` is the event time: an older
 * event never overwrites a newer state.
 */
export const authors = socialSchema.table(
  'authors',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    avatar: text('avatar'),
    position: text('position'),
    department: text('department'),
    birthDate: date('birth_date', { mode: 'string' }),
    workingSince: date('working_since', { mode: 'string' }),
    deletionMark: boolean('deletion_mark').notNull().default(false),
    version: ts('version').notNull(),
  },
  (t) => [
    index('authors_client_birthday_idx')
      .on(t.clientId, sql`(extract(month from ${t.birthDate}))`, sql`(extract(day from ${t.birthDate}))`)
      .where(sql`${t.birthDate} IS NOT NULL`),
    tenantPolicy(),
  ],
);
export type AuthorRow = typeof authors.$inferSelect;

/** A stored attachment as kept on a post or comment (URLs are signed when read). */
export interface StoredFile {
  key: string;
  fileName: string;
  mimetype: string;
  size: number;
  thumbKey: string | null;
}

/**
 * Visibility of group posts by group type, in SQL for every read and write of posts (issue 11): a restrictive policy
 * (ANDed with the tenant one). A post of a group is visible when it is on the wall (a public group's), to the
 * group's members and to users with a grant on it — the user as `intranet_private.current_user_id()` vouches for it
 * (signed by inTenant), so no setting of the session can claim another user. The system role bypasses RLS.
 */
const groupPostsPolicy = pgPolicy('group_posts_readers', {
  as: 'restrictive',
  to: appRole,
  for: 'all',
  using: sql.raw(
    `(parent_type <> 'group' OR on_wall ` +
      `OR parent_id IN (SELECT m.group_id FROM social.group_members m WHERE m.user_id = ${CURRENT_USER}) ` +
      `OR parent_id IN (SELECT g.group_id FROM social.group_grants g WHERE g.user_id = ${CURRENT_USER}))`,
  ),
});

/**
 * §3 Post. Counters are kept in the row (changed in the same transaction as the like/comment/view rows, whose unique
 * keys make every change count once), so a feed page is one indexed range scan with no aggregation.
 * `on_wall`: company, feed and system posts make the company news feed.
 */
export const posts = socialSchema.table(
  'posts',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    authorId: uuid('author_id').notNull(),
    type: text('type', { enum: ['post', 'thanks'] })
      .notNull()
      .default('post'),
    parentType: text('parent_type', { enum: ['company', 'feed', 'group', 'system', 'task'] })
      .notNull()
      .default('company'),
    parentId: uuid('parent_id'),
    parentWhere: text('parent_where'),
    onWall: boolean('on_wall').notNull().default(true),
    message: text('message').notNull(),
    mentions: uuid('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    attachments: jsonb('attachments').$type<StoredFile[]>().notNull().default([]),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('posts_wall_idx')
      .on(t.clientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.onWall}`),
    index('posts_client_idx').on(t.clientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_author_idx').on(t.authorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_parent_idx')
      .on(t.parentType, t.parentId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} IS NOT NULL`),
    index('posts_thanks_idx')
      .on(t.clientId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.type} = 'thanks'`),
    index('posts_mentions_idx').using('gin', t.mentions),
    tenantPolicy(),
    groupPostsPolicy,
  ],
);
export type PostRow = typeof posts.$inferSelect;

/** §3 Comment; an answer is a comment whose parent is a comment (`parent_comment_id`). */
export const comments = socialSchema.table(
  'comments',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    parentCommentId: uuid('parent_comment_id'),
    authorId: uuid('author_id').notNull(),
    message: text('message').notNull(),
    attachment: jsonb('attachment').$type<StoredFile | null>(),
    /** People mentioned in the comment (body `mentions` and the markup's mention spans), as posts keep them. */
    mentions: uuid('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text('status').notNull().default('active'),
    likesCount: integer('likes_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.parentCommentId], foreignColumns: [t.id], name: 'comments_parent_fk' }).onDelete('cascade'),
    index('comments_post_idx').on(t.postId, t.createdAt, t.id),
    index('comments_parent_idx')
      .on(t.parentCommentId)
      .where(sql`${t.parentCommentId} IS NOT NULL`),
    index('comments_author_idx').on(t.authorId, t.postId),
    tenantPolicy(),
  ],
);
export type CommentRow = typeof comments.$inferSelect;

/** A like of a post, comment or answer; one per user and target (liking again removes it). */
export const likes = socialSchema.table(
  'likes',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    likeType: text('like_type', { enum: ['post', 'comment', 'answer'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('likes_target_user_uq').on(t.targetId, t.userId), index('likes_post_idx').on(t.postId), tenantPolicy()],
);

/** A view of a post, registered once per user (§4 Posts). */
export const views = socialSchema.table(
  'views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    clientId: uuid('client_id').notNull(),
    where: text('where'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'views_pk', columns: [t.postId, t.userId] }), tenantPolicy()],
);

/** Who follows whom (POST api/follow, api/unfollow); feeds the follows feed. */
export const follows = socialSchema.table(
  'follows',
  {
    followerId: uuid('follower_id').notNull(),
    userId: uuid('user_id').notNull(),
    clientId: uuid('client_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'follows_pk', columns: [t.followerId, t.userId] }), index('follows_user_idx').on(t.userId), tenantPolicy()],
);

/**
 * Every stored object a post or comment owns, once: a key can be attached to one post only, and deleting the post or
 * comment knows exactly which objects to delete and how many bytes to give back to the client's quota.
 */
export const files = socialSchema.table(
  'files',
  {
    key: text('key').primaryKey(),
    clientId: uuid('client_id').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    thumbKey: text('thumb_key'),
    size: bigint('size', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('files_post_idx').on(t.postId),
    index('files_comment_idx')
      .on(t.commentId)
      .where(sql`${t.commentId} IS NOT NULL`),
    tenantPolicy(),
  ],
);

/** §3 Group. Members, admins and the owner live in `group_members` (role); counters are kept in the row. */
export const groups = socialSchema.table(
  'groups',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    type: text('type', { enum: ['public', 'closed', 'private'] }).notNull(),
    cover: text('cover'),
    ownerId: uuid('owner_id').notNull(),
    membersCount: integer('members_count').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('groups_client_name_idx').on(t.clientId, sql`lower(${t.name})`, t.id), index('groups_owner_idx').on(t.clientId, t.ownerId), tenantPolicy()],
);
export type GroupRow = typeof groups.$inferSelect;

/** A group's members with their role (owner, admin, member); one row per (group, user). */
export const groupMembers = socialSchema.table(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    clientId: uuid('client_id').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'member'] })
      .notNull()
      .default('member'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'group_members_pk', columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId, t.groupId), tenantPolicy()],
);

/**
 * §4 Group requests and invitations. At most one pending row per (group, user, kind); decided rows keep their
 * status (approved, rejected, cancelled, accepted, declined) and who decided.
 */
export const groupPending = socialSchema.table(
  'group_pending',
  {
    id: uuid('id').primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    clientId: uuid('client_id').notNull(),
    kind: text('kind', { enum: ['request', 'invitation'] }).notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    byId: uuid('by_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    uniqueIndex('group_pending_open_uq')
      .on(t.groupId, t.userId, t.kind)
      .where(sql`${t.status} = 'pending'`),
    index('group_pending_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    tenantPolicy(),
  ],
);

/** §6 grants on a group for one user without membership: read (feed and members) or write (post too). */
export const groupGrants = socialSchema.table(
  'group_grants',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    clientId: uuid('client_id').notNull(),
    level: text('level', { enum: ['read', 'write'] }).notNull(),
  },
  (t) => [primaryKey({ name: 'group_grants_pk', columns: [t.groupId, t.userId] }), index('group_grants_user_idx').on(t.userId), tenantPolicy()],
);

/** §3 Idea: the five fields, the author's user id and the review status. */
export const ideas = socialSchema.table(
  'ideas',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    authorId: uuid('author_id').notNull(),
    author: text('author').notNull(),
    current: text('current').notNull(),
    improvement: text('improvement').notNull(),
    changes: text('changes').notNull(),
    results: text('results').notNull(),
    status: text('status', { enum: ['new', 'review', 'accepted', 'rejected'] })
      .notNull()
      .default('new'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ideas_client_idx').on(t.clientId, t.createdAt.desc(), t.id.desc()), index('ideas_author_idx').on(t.authorId), tenantPolicy()],
);
export type IdeaRow = typeof ideas.$inferSelect;

/**
 * §3 Violation report ("Don't be silent"). Deliberately without a sender id, session, address, agent or a precise
 * time: `day` is the UTC date only, the id is a random uuid v4 (not v7, which embeds the time) and no column
 * defaults to now().
 */
export const violReports = socialSchema.table(
  'viol_reports',
  {
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    anonymous: boolean('anonymous').notNull(),
    name: text('name'),
    text: text('text').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    handled: boolean('handled').notNull().default(false),
  },
  (t) => [index('viol_reports_client_idx').on(t.clientId, t.day.desc()), tenantPolicy()],
);
export type ViolReportRow = typeof violReports.$inferSelect;
