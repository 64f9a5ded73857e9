import {
  access,
  defineEvent,
  defineRoute,
  FILE_LIMITS,
  formatBytes,
  Id,
  IsoDate,
  requiredString,
  V,
  z,
  type EventDef,
  type EventPayload,
  type RouteDef,
} from '@intranet/platform-contracts';
import { groupEvents, groupRoutes, ideaRoutes } from './groups.ts';

export * from './codes.ts';
export * from './groups.ts';

/** Largest comment attachment in bytes: 20 MB, as POST api/upload?kind=comment allows (§9 post file limit). */
export const COMMENT_FILE_LIMIT = FILE_LIMITS.post;

/** §5 Posts and §8 texts (server and web say the same thing). */
export const SOCIAL_TEXT = {
  required: V.required,
  thanksTooShort: 'A thank-you post must be over 30 symbols',
  thanksOnePerson: 'A thank-you post must mention exactly one person',
  filesAbove: (size: string) => `Files above ${size} cannot be attached`,
  postFileTooBig: `Files above ${formatBytes(FILE_LIMITS.post)} cannot be attached`,
  anyFileTooBig: `Files above ${formatBytes(FILE_LIMITS.any)} cannot be attached`,
  fileNotFound: 'The file was not found or was deleted',
  foreignFile: 'The file was not found or was deleted',
  fileInUse: 'This file is already attached elsewhere',
  userNotFound: 'User not found',
  selectWorkspace: 'Select a workspace first',
  cannotFollowSelf: 'You cannot follow yourself',
  taskPostType: 'A task comment cannot be a thank-you post',
  groupNotFound: 'The requested resource was not found',
  likeTypeMismatch: (target: 'comment' | 'answer') => `like_type must be '${target}' for this target`,
} as const;

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
export const attachmentInput = z.object({
  key: z.string().min(1).max(500),
  fileName: z.string().trim().min(1, V.required).max(255, V.max(255)),
  mimetype: z.string().max(200).default('application/octet-stream'),
  size: z.number().int().min(0),
  thumbKey: z.string().max(500).nullable().optional(),
});
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

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  before: Cursor.optional(),
  after: Cursor.optional(),
});
const pageParams = z.object({ page: z.coerce.number().int().min(1).max(100_000) });

/** Message text: required, kept within a sane size; HTML is sanitised by the service. */
const messageRule = requiredString().max(20_000, V.max(20_000));

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

const viewBody = z.object({ user_id: Id.optional(), where: z.string().max(50).nullable().optional() });

const likeResult = z.object({
  like_type: z.enum(LIKE_TYPES),
  target_id: z.string(),
  post_id: z.string(),
  liked: z.boolean(),
  likes_count: z.number(),
});

const birthdaySchema = z.object({
  _id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  birthDate: z.string(),
  workingSince: z.string().nullable(),
  /** Date of the next birthday (YYYY-MM-DD) and days until it (0 = today). */
  next: z.string(),
  daysLeft: z.number(),
});

const userIdParams = z.object({ id: Id });
const feed = (over: { path: string; subject: string; summary: string; right?: 'groups' }) =>
  defineRoute({
    method: 'GET',
    path: over.path,
    subject: over.subject,
    summary: over.summary,
    spec: over.right ? '§7 Posts, §7 Groups (visibility by group type)' : '§7 Posts, §4 Posts',
    access: over.right ? access.feature(over.right) : access.authenticated,
    params: userIdParams,
    query: pageQuery,
    result: feedPageSchema,
  });

export const socialRoutes = {
  postNews: defineRoute({
    method: 'GET',
    path: '/api/post/news/{clientId}/{page}',
    subject: 'social.post.news',
    summary: 'Company news feed, 20 a page, newest first',
    spec: '§7 Posts, §4 Posts',
    access: access.authenticated,
    params: pageParams.extend({ clientId: Id }),
    query: pageQuery.omit({ page: true }),
    result: feedPageSchema,
  }),
  postUserFeed: defineRoute({
    method: 'GET',
    path: '/api/post/user_feed/{userId}/{page}',
    subject: 'social.post.userFeed',
    summary: "A user's feed: their posts and posts on their wall, whether the caller follows them and their follower count",
    spec: '§7 Posts, §7 Follow',
    access: access.authenticated,
    params: pageParams.extend({ userId: Id }),
    query: pageQuery.omit({ page: true }),
    result: userFeedPageSchema,
  }),
  postAllView: defineRoute({
    method: 'PUT',
    path: '/api/post/all/view',
    subject: 'social.post.allView',
    summary: 'Register views of many posts (given ids, else the newest page of the news feed)',
    spec: '§7 Posts, §4 Posts',
    access: access.authenticated,
    body: viewBody.extend({ ids: z.array(Id).max(200).optional() }),
    result: z.object({ viewed: z.number(), posts: z.array(z.object({ _id: z.string(), views_count: z.number() })) }),
  }),
  postLike: defineRoute({
    method: 'POST',
    path: '/api/post/like',
    subject: 'social.post.like',
    summary: 'Like or unlike a post, comment or answer (toggles)',
    spec: '§7 Posts, §4 Posts',
    access: access.authenticated,
    body: z
      .object({ like_type: z.enum(LIKE_TYPES), id: Id.optional(), post_id: Id.optional(), comment_id: Id.optional(), answer_id: Id.optional() })
      .superRefine((v, ctx) => {
        const target = v.like_type === 'post' ? (v.post_id ?? v.id) : v.like_type === 'comment' ? (v.comment_id ?? v.id) : (v.answer_id ?? v.id);
        if (!target)
          ctx.addIssue({
            code: 'custom',
            path: [v.like_type === 'post' ? 'post_id' : v.like_type === 'comment' ? 'comment_id' : 'answer_id'],
            message: V.required,
          });
      }),
    result: likeResult,
  }),
  postQuery: defineRoute({
    method: 'GET',
    path: '/api/post',
    subject: 'social.post.query',
    summary: 'Posts by filter (author, type, parent, mention, text)',
    spec: '§7 Posts',
    access: access.authenticated,
    query: pageQuery.extend({
      author: Id.optional(),
      type: z.enum(POST_TYPES).optional(),
      parent_type: z.enum(POST_PARENT_TYPES).optional(),
      parent_id: Id.optional(),
      mention: Id.optional(),
      search: z.string().trim().max(100).optional(),
    }),
    result: feedPageSchema,
  }),
  postClient: feed({ path: '/api/post/client/{id}', subject: 'social.post.client', summary: 'All wall posts of a client (paged by query)' }),
  postFollows: feed({ path: '/api/post/follows/{id}', subject: 'social.post.follows', summary: 'Posts of the people a user follows' }),
  postUser: feed({ path: '/api/post/user/{id}', subject: 'social.post.user', summary: 'Posts written by a user' }),
  postGroup: feed({
    path: '/api/post/group/{id}',
    subject: 'social.post.group',
    summary: 'Posts of a group (the caller must be able to read it)',
    right: 'groups',
  }),
  postGroupUser: feed({ path: '/api/post/group/user/{id}', subject: 'social.post.groupUser', summary: "Posts of a user's groups", right: 'groups' }),
  postCommentsFeed: feed({ path: '/api/post/comments_feed/{id}', subject: 'social.post.commentsFeed', summary: 'Posts a user commented on' }),
  postMentionsFeed: feed({ path: '/api/post/mentions_feed/{id}', subject: 'social.post.mentionsFeed', summary: 'Posts mentioning a user' }),
  postGet: defineRoute({
    method: 'GET',
    path: '/api/post/{id}',
    subject: 'social.post.get',
    summary: 'One post with comments, likes and views',
    spec: '§7 Posts',
    access: access.authenticated,
    params: z.object({ id: Id }),
    result: fullPostSchema,
  }),
  postCreate: defineRoute({
    method: 'POST',
    path: '/api/post',
    subject: 'social.post.create',
    summary:
      "Write a post or a thank-you post; with parent {type: 'task', id} a task's comment (the tasks service decides: comment right, performers, owner and admins of its board)",
    spec: '§7 Posts, §5 Posts',
    access: access.feature('wall'),
    body: createPostBody,
    result: feedPostSchema,
  }),
  postUpdate: defineRoute({
    method: 'PUT',
    path: '/api/post/{id}',
    subject: 'social.post.update',
    summary: 'Edit a post (author or admin)',
    spec: '§7 Posts, §5 Posts',
    access: access.authenticated,
    params: z.object({ id: Id }),
    body: updatePostBody,
    result: feedPostSchema,
  }),
  postDelete: defineRoute({
    method: 'DELETE',
    path: '/api/post/{id}',
    subject: 'social.post.delete',
    summary: 'Delete a post with its comments, likes, views and files (author or admin)',
    spec: '§7 Posts',
    access: access.authenticated,
    params: z.object({ id: Id }),
    result: z.object({ _id: z.string(), deleted: z.boolean() }),
  }),
  postView: defineRoute({
    method: 'PUT',
    path: '/api/post/{id}/view',
    subject: 'social.post.view',
    summary: 'Register a view (once per user)',
    spec: '§7 Posts, §4 Posts',
    access: access.authenticated,
    params: z.object({ id: Id }),
    body: viewBody,
    result: z.object({ _id: z.string(), views_count: z.number(), counted: z.boolean() }),
  }),
  commentCreate: defineRoute({
    method: 'POST',
    path: '/api/comment',
    subject: 'social.comment.create',
    summary: 'Comment a post or answer a comment',
    spec: '§7 Comments',
    access: access.authenticated,
    body: z.object({
      parent_type: z.enum(COMMENT_PARENT_TYPES).default('post'),
      parent_id: Id,
      message: messageRule,
      attachment: attachmentInput.nullable().optional(),
      /** People mentioned (the markup's mention spans count too), as for posts. */
      mentions: z.array(Id).max(50).default([]),
    }),
    result: commentSchema,
  }),
  commentUpdate: defineRoute({
    method: 'PUT',
    path: '/api/comment/{id}',
    subject: 'social.comment.update',
    summary: 'Edit a comment (author or admin)',
    spec: '§7 Comments',
    access: access.authenticated,
    params: z.object({ id: Id }),
    body: z.object({ message: messageRule.optional(), attachment: attachmentInput.nullable().optional(), mentions: z.array(Id).max(50).optional() }),
    result: commentSchema,
  }),
  commentDelete: defineRoute({
    method: 'DELETE',
    path: '/api/comment/{id}',
    subject: 'social.comment.delete',
    summary: 'Delete a comment with its answers (author or admin)',
    spec: '§7 Comments',
    access: access.authenticated,
    params: z.object({ id: Id }),
    query: z.object({ parent_type: z.enum(COMMENT_PARENT_TYPES).optional() }),
    result: z.object({ _id: z.string(), post_id: z.string(), deleted: z.boolean(), comments_count: z.number() }),
  }),
  followAdd: defineRoute({
    method: 'POST',
    path: '/api/follow',
    subject: 'social.follow.add',
    summary: 'Follow a colleague',
    spec: '§7 Follow',
    access: access.authenticated,
    body: z.object({ user_id: Id }),
    result: z.object({ user_id: z.string(), following: z.boolean(), followers: z.number() }),
  }),
  followRemove: defineRoute({
    method: 'POST',
    path: '/api/unfollow',
    subject: 'social.follow.remove',
    summary: 'Stop following a colleague',
    spec: '§7 Follow',
    access: access.authenticated,
    body: z.object({ user_id: Id }),
    result: z.object({ user_id: z.string(), following: z.boolean(), followers: z.number() }),
  }),
  thanksAll: defineRoute({
    method: 'GET',
    path: '/api/clients/{id}/all_thanks',
    subject: 'social.thanks.all',
    summary: 'Thank-you posts of a client (thanks widget), newest first',
    spec: '§7 Clients',
    access: access.authenticated,
    params: z.object({ id: Id }),
    query: pageQuery,
    result: feedPageSchema,
  }),
  birthdayList: defineRoute({
    method: 'GET',
    path: '/api/clients/{id}/birthdays',
    subject: 'social.birthday.list',
    summary: 'Employees by next birthday (optionally within `days`)',
    spec: '§7 Clients',
    access: access.authenticated,
    params: z.object({ id: Id }),
    query: z.object({
      days: z.coerce.number().int().min(0).max(366).optional(),
      today: IsoDate.optional(),
      /** Paging of the birthdays page: `limit` people from `offset` (all when absent). */
      offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
      limit: z.coerce.number().int().min(1).max(500).optional(),
    }),
    result: z.array(birthdaySchema),
  }),
  ...groupRoutes,
  ...ideaRoutes,
} satisfies Record<string, RouteDef>;

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
