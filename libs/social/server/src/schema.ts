import { sql } from 'drizzle-orm';
import { bigint, boolean, date, foreignKey, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantPolicy } from '@intranet/platform-db';

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
