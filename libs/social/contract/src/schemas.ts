import { FILE_LIMITS, Id, z } from '@intranet/platform-contracts';
import { uploadedFileInput } from '@intranet/files-contract';
import { messageRule } from './rules.ts';

/** Largest comment attachment in bytes: 20 MB, as POST api/upload?kind=comment allows (§9 post file limit). */
export const COMMENT_FILE_LIMIT = FILE_LIMITS.post;

/** §9: feed page size and the thank-you minimum. */
export const FEED_PAGE_SIZE = 20;
export const THANKS_MIN_SYMBOLS = 30;
/** Most attachments on one post. */
export const MAX_ATTACHMENTS = 20;

/**
 * §3 Post parent types. `company` and `feed` posts make the wall; `system` posts too; `group`/`task` live elsewhere. A
 * `task` post is a comment of a task: readable and writable as the tasks service answers tasks.internal.commentAccess,
 * listed only by GET api/post?parent_type=task&parent_id, never in a feed.
 */
export const POST_PARENT_TYPES = ['company', 'feed', 'group', 'system', 'task'] as const;
export const POST_TYPES = ['post', 'thanks'] as const;
/** What a like goes to (§4 Posts: post, comment or answer by like_type). */
export const LIKE_TYPES = ['post', 'comment', 'answer'] as const;
/** §3 Comment parent types this service stores (task and bp comments belong to their domains). */
export const COMMENT_PARENT_TYPES = ['post', 'comment'] as const;

/**
 * A feed cursor: `<created ms>_<id>`. `before` (the first page's newest item, returned as `cursor`) pins a page-number
 * walk to a snapshot so posts arriving meanwhile never shift later pages; `after` (a page's last item, returned as
 * `next`) is a pure keyset step.
 */
export const Cursor = z.string().regex(/^\d{1,15}_[0-9a-f-]{36}$/, 'Invalid cursor');

/** An uploaded file as a post or comment body carries it (from POST api/upload). */
export const attachmentInput = uploadedFileInput;
export type AttachmentInput = z.infer<typeof attachmentInput>;

/** An attachment as the API returns it: signed URLs (§7 Upload: file (src), thumb, url, fileName). */
export const attachmentSchema = z.object({
  key: z.string(),
  fileName: z.string(),
  mimetype: z.string(),
  size: z.number(),
  url: z.string(),
  file: z.string(),
  thumb: z.string().nullable(),
  mini: z.string().nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** A person as feeds show them (social's projection of people's users). */
export const authorSchema = z.object({
  _id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  deletion_mark: z.boolean(),
});
export type Author = z.infer<typeof authorSchema>;

const parentSchema = z.object({ type: z.enum(POST_PARENT_TYPES), id: z.string().nullable(), where: z.string().nullable() });

/** §3 Post as a feed item: counts instead of lists, and what the caller did. */
export const feedPostSchema = z.object({
  _id: z.string(),
  client_id: z.string(),
  type: z.enum(POST_TYPES),
  parent: parentSchema,
  author: authorSchema,
  message: z.string(),
  mentions: z.array(z.string()),
  mentioned: z.array(authorSchema),
  attachments: z.array(attachmentSchema),
  created: z.string(),
  updated: z.string(),
  likes_count: z.number(),
  comments_count: z.number(),
  views_count: z.number(),
  /** Whether the caller liked / viewed it. */
  liked: z.boolean(),
  viewed: z.boolean(),
});
export type FeedPost = z.infer<typeof feedPostSchema>;

/** §3 Comment with its answers (a comment whose parent is a comment). */
export type Comment = {
  _id: string;
  post_id: string;
  parent: { type: 'post' | 'comment'; id: string };
  author: Author;
  message: string;
  attachment: Attachment | null;
  /** Ids of the people mentioned (as a post's `mentions`). */
  mentions: string[];
  status: string;
  likes_count: number;
  liked: boolean;
  created: string;
  updated: string;
  answers: Comment[];
};
export const commentSchema: z.ZodType<Comment> = z.lazy(() =>
  z.object({
    _id: z.string(),
    post_id: z.string(),
    parent: z.object({ type: z.enum(COMMENT_PARENT_TYPES), id: z.string() }),
    author: authorSchema,
    message: z.string(),
    attachment: attachmentSchema.nullable(),
    mentions: z.array(z.string()),
    status: z.string(),
    likes_count: z.number(),
    liked: z.boolean(),
    created: z.string(),
    updated: z.string(),
    answers: z.array(commentSchema),
  }),
);

/** One post with its comments, likes (§3: _id, created, author) and views (§3: {user, time}). */
export const fullPostSchema = feedPostSchema.extend({
  comments: z.array(commentSchema),
  likes: z.array(z.object({ _id: z.string(), created: z.string(), author: authorSchema })),
  /** §3 views {user, time}; `author` is the viewer's name and avatar for the "viewed by" list. */
  views: z.array(z.object({ user: z.string(), time: z.string(), where: z.string().nullable(), author: authorSchema })),
});
export type FullPost = z.infer<typeof fullPostSchema>;

/** A feed page: 20 posts newest first, the snapshot cursor of page 1 and the keyset cursor of the last item. */
export const feedPageSchema = z.object({
  posts: z.array(feedPostSchema),
  page: z.number(),
  limit: z.number(),
  /** Pass back as `before` with later page numbers: pages stay stable while new posts arrive. */
  cursor: z.string().nullable(),
  /** Pass back as `after` for the next page by keyset. */
  next: z.string().nullable(),
  hasMore: z.boolean(),
});
export type FeedPage = z.infer<typeof feedPageSchema>;

/** A user feed page also tells whether the caller follows that user and how many follow them (§7 Follow state). */
export const userFeedPageSchema = feedPageSchema.extend({ following: z.boolean(), followers: z.number() });
export type UserFeedPage = z.infer<typeof userFeedPageSchema>;

/** POST api/post body (§5 Posts). */
export const createPostBody = z.object({
  message: messageRule,
  type: z.enum(POST_TYPES).default('post'),
  parent: z
    .object({ type: z.enum(POST_PARENT_TYPES).default('company'), id: Id.nullable().optional(), where: z.string().max(50).nullable().optional() })
    .default({ type: 'company' }),
  mentions: z.array(Id).max(50).default([]),
  attachments: z.array(attachmentInput).max(MAX_ATTACHMENTS).default([]),
});

/** PUT api/post/{id} body: any of message, type, mentions, attachments (the new full list). */
export const updatePostBody = z.object({
  message: messageRule.optional(),
  type: z.enum(POST_TYPES).optional(),
  mentions: z.array(Id).max(50).optional(),
  attachments: z.array(attachmentInput).max(MAX_ATTACHMENTS).optional(),
});
