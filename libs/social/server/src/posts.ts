import { FEED_PAGE_SIZE, SOCIAL_TEXT, THANKS_MIN_SYMBOLS, socialEvents, type socialRoutes } from '@intranet/social-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { FILE_LIMITS } from '@intranet/platform-contracts';
import { uuidv7, type Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import { commentTree, isAdmin, toAuthor, toFeedPost } from './mapping.ts';
import {
  authorsRepository,
  commentsRepository,
  feedWhere,
  filesRepository,
  followsRepository,
  likesRepository,
  postsRepository,
  viewsRepository,
  type FileRow,
} from './repository.ts';
import type { PostRow, StoredFile } from './schema.ts';
import { groupsRepository } from './groups-repository.ts';
import { refuseNotMember, rightsOf } from './groups.ts';
import { unique, type Kit, type TaskAccess } from './support.ts';
import { cleanMessage, mentionsIn, plainText } from './text.ts';

type PostRoutes = Pick<
  typeof socialRoutes,
  | 'news'
  | 'userFeed'
  | 'allView'
  | 'like'
  | 'query'
  | 'clientFeed'
  | 'followsFeed'
  | 'authorFeed'
  | 'groupFeed'
  | 'groupUserFeed'
  | 'commentsFeed'
  | 'mentionsFeed'
  | 'get'
  | 'create'
  | 'update'
  | 'delete'
  | 'view'
>;

/** §5 Posts: a thank-you post is over 30 symbols and mentions exactly one person. */
function checkThanks(type: 'post' | 'thanks', text: string, mentions: string[]) {
  if (type !== 'thanks') return;
  const errors = [];
  if ([...text].length <= THANKS_MIN_SYMBOLS) errors.push({ field: 'message', message: SOCIAL_TEXT.thanksTooShort });
  if (mentions.length !== 1) errors.push({ field: 'mentions', message: SOCIAL_TEXT.thanksOnePerson });
  if (errors.length) throw new DomainError('validation', errors[0].message, { errors });
}

/** Sanitised message, its visible text (required) and the mentions of body and markup. */
function prepareMessage(raw: string, mentions: string[]) {
  const message = cleanMessage(raw);
  const text = plainText(message);
  if (!text) throw Errors.field('message', SOCIAL_TEXT.required);
  return { message, text, mentions: unique([...mentions, ...mentionsIn(message)]) };
}

const canEdit = (ctx: RequestContext, authorId: string) => authorId === ctx.userId || isAdmin(ctx);

/**
 * Posts, feeds, likes and views (§7 Posts, §4 Posts, §5 Posts). Every read and write runs in the caller's tenant:
 * another client's post is simply not there (404).
 */
export function postHandlers(kit: Kit): RouteHandlers<PostRoutes> {
  const { db, outbox, sign } = kit;

  /**
   * Where a new post goes (§3 parent types): company and feed for everyone with `wall`; system for admins; task (a
   * task's comment) as the tasks service allows — checked by `taskParent` before this.
   */
  const resolveParent = (ctx: RequestContext, p: { type: PostRow['parentType']; id?: string | null; where?: string | null }) => {
    const where = p.where ?? null;
    switch (p.type) {
      case 'company':
        return { parentType: p.type, parentId: null, parentWhere: where, onWall: true };
      case 'feed':
        return { parentType: p.type, parentId: p.id ?? ctx.userId, parentWhere: where, onWall: true };
      case 'group':
        // Checked against the group (membership, type) by `groupParent` before this.
        return { parentType: p.type, parentId: p.id ?? null, parentWhere: where, onWall: false };
      case 'task':
        return { parentType: p.type, parentId: p.id ?? null, parentWhere: where, onWall: false };
      case 'system':
        if (!isAdmin(ctx)) throw Errors.forbidden();
        return { parentType: p.type, parentId: p.id ?? null, parentWhere: where, onWall: true };
    }
  };

  /**
   * A group parent (§7 POST api/post with parent type group): the group must be visible (404) and the caller a
   * member or a holder of a write grant (403 'Only members can post in this group'). Output: whether its posts go
   * on the wall (a public group's do).
   */
  const groupParent = async (ctx: RequestContext, id: string | null | undefined) => {
    if (!id) throw Errors.field('parent.id', SOCIAL_TEXT.required);
    const v = await db.inTenant(ctx, (tx) => groupsRepository.view(tx, ctx.userId, id));
    if (!v) throw Errors.notFound();
    if (!rightsOf(v, ctx).write) throw refuseNotMember();
    return v.g.type === 'public';
  };

  /**
   * A task parent (§3 Post/Comment parent task, §6 board rights, asked of the tasks service): 404 unless the caller
   * may read the task, 403 unless they may comment it (owner, admins, `comment` members, performers). A task's post is
   * a plain post (never a thank-you: it would reach the thanks widget). Output: the access (its audience).
   */
  const taskParent = async (ctx: RequestContext, id: string | null | undefined, type: 'post' | 'thanks') => {
    if (!id) throw Errors.field('parent.id', SOCIAL_TEXT.required);
    const a = await kit.taskAccess(ctx, id);
    if (!a.read) throw Errors.notFound();
    if (!a.comment) throw Errors.forbidden();
    if (type !== 'post') throw Errors.field('type', SOCIAL_TEXT.taskPostType);
    return a;
  };

  /** 404 for a task's post the caller may not read (tasks' answer `task`; undefined: not a task's post). */
  const readable = (task: TaskAccess | undefined) => {
    if (task && !task.read) throw Errors.notFound();
    return task;
  };

  /**
   * Adds evt.social.view.changed to the views' transaction (nothing when no view was new): one event for the posts
   * every socket may hear of, one per closed or private group for its posts, addressed to that group's readers.
   */
  const addViews = async (tx: Tx, clientId: string, userId: string, posts: { id: string; viewsCount: number }[], tasks = new Map<string, TaskAccess>()) => {
    const byAudience = new Map<string, { userIds?: string[]; posts: { _id: string; views_count: number }[] }>();
    for (const p of posts) {
      const row = await postsRepository.byId(tx, p.id);
      const userIds = row ? await kit.audienceOf(tx, { parent: { type: row.parentType, id: row.parentId } }, tasks.get(p.id)) : undefined;
      const key = userIds ? `${row!.parentType}:${row!.parentId}` : 'all';
      const entry = byAudience.get(key) ?? { userIds, posts: [] };
      entry.posts.push({ _id: p.id, views_count: p.viewsCount });
      byAudience.set(key, entry);
    }
    for (const e of byAudience.values()) await outbox.add(tx, socialEvents.viewChanged, clientId, { user_id: userId, posts: e.posts, userIds: e.userIds });
  };

  /** A user id of a path: 404 unless it is a user of the caller's client (another client's id reads as unknown). */
  const userOfClient = async (ctx: RequestContext, id: string) => {
    try {
      await kit.ensureAuthors(ctx, [id], { field: 'id', strict: true });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'validation') throw Errors.notFound();
      throw err;
    }
  };

  return {
    /** §7 GET api/post/news/{clientId}/{page}: the company wall, 20 a page newest first (`before` keeps pages stable). */
    news: async ({ params, query }, ctx) => {
      if (params.clientId !== ctx.clientId) throw Errors.notFound();
      return kit.pageOf(ctx, feedWhere.wall, { ...query, page: params.page });
    },

    /**
     * §7 GET api/post/user_feed/{userId}/{page}: a user's posts and the posts on their wall, plus the follow state of
     * the profile: `following` (the caller follows {userId}) and `followers` (how many follow {userId}).
     */
    userFeed: async ({ params, query }, ctx) => {
      await userOfClient(ctx, params.userId);
      const page = await kit.pageOf(ctx, (c) => feedWhere.userFeed(c, params.userId), { ...query, page: params.page });
      const state = await db.inTenant(ctx, (tx) => followsRepository.state(tx, ctx.userId, params.userId));
      return { ...page, ...state };
    },

    /** §7 GET /api/post/client/{id}: the client's wall, paged by `page` in the query. Errors: 404 for another client. */
    clientFeed: async ({ params, query }, ctx) => {
      if (params.id !== ctx.clientId) throw Errors.notFound();
      return kit.pageOf(ctx, feedWhere.wall, query);
    },

    /** §7 GET /api/post/follows/{id}: wall posts of the people user {id} follows. */
    followsFeed: async ({ params, query }, ctx) => {
      await userOfClient(ctx, params.id);
      return kit.pageOf(ctx, (c) => feedWhere.follows(c, params.id), query);
    },

    /** §7 GET /api/post/user/{id}: posts written by user {id}. */
    authorFeed: async ({ params, query }, ctx) => {
      await userOfClient(ctx, params.id);
      return kit.pageOf(ctx, (c) => feedWhere.author(c, params.id), query);
    },

    /**
     * §7 GET /api/post/group/{id}: posts of a group, newest first (feature right `groups`). Errors: 404 for a group
     * that is not there or private and not the caller's; 403 for a closed group's non-member (visibility by type in
     * SQL: the group look-up and the posts' row-level policy).
     */
    groupFeed: async ({ params, query }, ctx) => {
      if (!ctx.clientId) throw Errors.notFound();
      const v = await db.inTenant(ctx, (tx) => groupsRepository.view(tx, ctx.userId, params.id));
      if (!v) throw Errors.notFound();
      if (!rightsOf(v, ctx).read) throw Errors.forbidden();
      return kit.pageOf(ctx, (c) => feedWhere.group(c, [v.g.id]), query);
    },

    /**
     * §7 GET /api/post/group/user/{id}: posts of the groups user {id} belongs to, newest first — only those the caller
     * may read (the posts' row-level policy drops closed and private groups' posts the caller is not in).
     */
    groupUserFeed: async ({ params, query }, ctx) => {
      if (!ctx.clientId) throw Errors.notFound();
      await userOfClient(ctx, params.id);
      return kit.pageOf(ctx, (c) => feedWhere.groupsOf(c, params.id), query);
    },

    /** §7 GET /api/post/comments_feed/{id}: posts user {id} commented on. */
    commentsFeed: async ({ params, query }, ctx) => {
      await userOfClient(ctx, params.id);
      return kit.pageOf(ctx, (c) => feedWhere.commented(c, params.id), query);
    },

    /** §7 GET /api/post/mentions_feed/{id}: posts mentioning user {id}. */
    mentionsFeed: async ({ params, query }, ctx) => {
      await userOfClient(ctx, params.id);
      return kit.pageOf(ctx, (c) => feedWhere.mentions(c, params.id), query);
    },

    /**
     * §7 GET api/post (query): posts by author, type, parent, mention or text. A task's posts (its comments) only with
     * parent_type=task and parent_id, for those who may read the task (else 404); other queries leave them out.
     */
    query: async ({ query }, ctx) => {
      const task = query.parent_type === 'task' && query.parent_id ? readable(await kit.taskAccess(ctx, query.parent_id)) : undefined;
      return kit.pageOf(ctx, (c) => postsRepository.queryWhere(c, query), query, { tasks: !!task });
    },

    /** §7 GET api/post/{id}: one post with its comments (answers nested), likes and views (with the viewer's name). Errors: 404. */
    get: async ({ params }, ctx) => {
      const out = await db.inTenant(ctx, async (tx) => {
        const row = await postsRepository.feedItem(tx, ctx.userId, params.id);
        if (!row) return undefined;
        // One transaction connection: sequential, not concurrent.
        const comments = await commentsRepository.ofPost(tx, ctx.userId, params.id);
        const likes = await postsRepository.likesOf(tx, params.id);
        const views = await postsRepository.viewsOf(tx, params.id);
        return { row, comments, likes, views };
      });
      if (!out || !ctx.clientId) throw Errors.notFound();
      if (out.row.post.parentType === 'task' && out.row.post.parentId) readable(await kit.taskAccess(ctx, out.row.post.parentId));
      return {
        ...toFeedPost(out.row, sign),
        comments: commentTree(out.comments, sign),
        likes: out.likes.map((l) => ({ _id: l.id, created: l.createdAt.toISOString(), author: toAuthor(l.userId, l.author) })),
        views: out.views.map((v) => ({ user: v.userId, time: v.createdAt.toISOString(), where: v.where, author: toAuthor(v.userId, v.author) })),
      };
    },

    /**
     * §7 POST api/post (feature right `wall`): a post or thank-you post with mentions and uploaded files. The message
     * HTML is sanitised. Errors (§5, §8): 'Field is required'; thank-you over 30 symbols and exactly one mention;
     * 'Files above 20 MB cannot be attached' (413); 'The file was not found or was deleted'; 'User not found'.
     */
    create: async ({ body }, ctx) => {
      const clientId = kit.clientOf(ctx);
      const userId = kit.userOf(ctx);
      const { message, text, mentions } = prepareMessage(body.message, body.mentions);
      checkThanks(body.type, text, mentions);
      const parent = resolveParent(ctx, body.parent);
      if (parent.parentType === 'group') parent.onWall = await groupParent(ctx, parent.parentId);
      const task = parent.parentType === 'task' ? await taskParent(ctx, parent.parentId, body.type) : undefined;
      await kit.ensureAuthors(ctx, parent.parentType === 'feed' && parent.parentId ? [...mentions, parent.parentId] : mentions, {
        field: 'mentions',
        strict: true,
      });
      await kit.ensureAuthors(ctx, [userId], { field: 'author', strict: false });
      const stored = await kit.checkFiles(clientId, body.attachments, FILE_LIMITS.post, 'attachments');
      const id = uuidv7();
      const row = await db.inTenant(ctx, async (tx) => {
        const now = new Date();
        const inserted = await postsRepository.insert(tx, {
          id,
          clientId,
          authorId: userId,
          type: body.type,
          ...parent,
          message,
          mentions,
          attachments: stored,
          createdAt: now,
          updatedAt: now,
        });
        const claimed = await filesRepository.claim(
          tx,
          stored.map((f) => ({ key: f.key, clientId, postId: id, thumbKey: f.thumbKey, size: f.size })),
        );
        if (!claimed) throw Errors.conflict('attachments', SOCIAL_TEXT.fileInUse);
        const people = await authorsRepository.byIds(tx, [userId, ...mentions]);
        const post = toFeedPost(postsRepository.newFeedRow(inserted, people), sign);
        // In the post's transaction: a bus that fails now delays the event, never the saved post (DESIGN §6).
        const group = post.parent.type === 'group' && post.parent.id ? await groupsRepository.nameAndMembers(tx, post.parent.id) : undefined;
        await outbox.add(tx, socialEvents.postCreated, clientId, { post, userIds: await kit.audienceOf(tx, post, task), ...(group ? { group } : {}) });
        return post;
      });
      return row;
    },

    /**
     * §7 PUT api/post/{id}: the author or an admin edits message, type, mentions or the attachment list (files left
     * out are deleted and their bytes released). Same rules as create. Errors: 404, 403.
     */
    update: async ({ params, body }, ctx) => {
      const clientId = kit.clientOf(ctx);
      const cur = await db.inTenant(ctx, (tx) => postsRepository.byId(tx, params.id));
      if (!cur) throw Errors.notFound();
      const task = cur.parentType === 'task' && cur.parentId ? readable(await kit.taskAccess(ctx, cur.parentId)) : undefined;
      if (!canEdit(ctx, cur.authorId)) throw Errors.forbidden();
      const { message, text, mentions } = prepareMessage(body.message ?? cur.message, body.mentions ?? cur.mentions);
      const type = body.type ?? cur.type;
      if (task && type !== 'post') throw Errors.field('type', SOCIAL_TEXT.taskPostType);
      checkThanks(type, text, mentions);
      await kit.ensureAuthors(
        ctx,
        mentions.filter((m) => !cur.mentions.includes(m)),
        { field: 'mentions', strict: true },
      );
      let attachments: StoredFile[] = cur.attachments;
      let added: StoredFile[] = [];
      let removedKeys: string[] = [];
      if (body.attachments) {
        const old = new Map(cur.attachments.map((f) => [f.key, f]));
        const wanted = new Set(body.attachments.map((f) => f.key));
        added = await kit.checkFiles(
          clientId,
          body.attachments.filter((f) => !old.has(f.key)),
          FILE_LIMITS.post,
          'attachments',
        );
        const addedByKey = new Map(added.map((f) => [f.key, f]));
        attachments = body.attachments.map((f) => old.get(f.key) ?? addedByKey.get(f.key)!);
        removedKeys = cur.attachments.filter((f) => !wanted.has(f.key)).map((f) => f.key);
      }
      const out = await db.inTenant(ctx, async (tx) => {
        const locked = await postsRepository.lock(tx, params.id);
        if (!locked) throw Errors.notFound();
        await postsRepository.update(tx, params.id, { message, type, mentions, attachments });
        const claimed = await filesRepository.claim(
          tx,
          added.map((f) => ({ key: f.key, clientId, postId: params.id, thumbKey: f.thumbKey, size: f.size })),
        );
        if (!claimed) throw Errors.conflict('attachments', SOCIAL_TEXT.fileInUse);
        const dropped = await filesRepository.release(tx, removedKeys);
        const post = toFeedPost((await postsRepository.feedItem(tx, ctx.userId, params.id))!, sign);
        await outbox.add(tx, socialEvents.postUpdated, clientId, {
          post: { ...post, liked: false, viewed: false },
          userIds: await kit.audienceOf(tx, post, task),
        });
        return { post, dropped };
      });
      await kit.dropFiles(clientId, out.dropped);
      return out.post;
    },

    /**
     * §7 DELETE api/post/{id}: the author or an admin deletes a post; its comments, likes and views go with it and its
     * files are deleted with their bytes given back to the client's storage. Errors: 404, 403.
     */
    delete: async ({ params }, ctx) => {
      const clientId = kit.clientOf(ctx);
      const task = readable(await kit.taskOf(ctx, { postId: params.id }));
      const out = await db.inTenant(ctx, async (tx) => {
        const cur = await postsRepository.lock(tx, params.id);
        if (!cur) throw Errors.notFound();
        if (!canEdit(ctx, cur.authorId)) throw Errors.forbidden();
        const files: FileRow[] = await filesRepository.ofPost(tx, params.id);
        const userIds = await kit.audienceOf(tx, { parent: { type: cur.parentType, id: cur.parentId }, on_wall: cur.onWall }, task);
        await postsRepository.delete(tx, params.id);
        await outbox.add(tx, socialEvents.postDeleted, clientId, {
          _id: params.id,
          type: cur.type,
          parent: { type: cur.parentType, id: cur.parentId },
          userIds,
        });
        return { cur, files };
      });
      await kit.dropFiles(clientId, out.files);
      return { _id: params.id, deleted: true };
    },

    /**
     * §7 PUT /api/post/{id}/view {user_id, where}: registers the caller's view once (a repeat changes nothing).
     * Errors: 404; 403 when `user_id` names someone else.
     */
    view: async ({ params, body }, ctx) => {
      const clientId = kit.clientOf(ctx);
      const userId = kit.userOf(ctx);
      if (body.user_id && body.user_id !== userId) throw Errors.forbidden();
      const task = readable(await kit.taskOf(ctx, { postId: params.id }));
      const out = await db.inTenant(ctx, async (tx) => {
        const post = await postsRepository.byId(tx, params.id);
        if (!post) throw Errors.notFound();
        const added = await viewsRepository.add(tx, clientId, userId, [params.id], body.where ?? null);
        await addViews(tx, clientId, userId, added, task ? new Map([[params.id, task]]) : undefined);
        return { count: added[0]?.viewsCount ?? post.viewsCount, added };
      });
      return { _id: params.id, views_count: out.count, counted: out.added.length > 0 };
    },

    /** §7 PUT api/post/all/view {user_id, where, ids?}: registers views of the given posts, else of the newest wall page. */
    allView: async ({ body }, ctx) => {
      const clientId = kit.clientOf(ctx);
      const userId = kit.userOf(ctx);
      if (body.user_id && body.user_id !== userId) throw Errors.forbidden();
      // Posts of tasks among the ids count only for those who may read the task (asked before the transaction).
      const tasks = new Map<string, TaskAccess>();
      let ids = body.ids ? unique(body.ids) : undefined;
      if (ids?.length) {
        const ofTasks = await db.inTenant(ctx, (tx) => postsRepository.taskParents(tx, ids!));
        for (const p of ofTasks) tasks.set(p.id, await kit.taskAccess(ctx, p.parentId));
        ids = ids.filter((id) => tasks.get(id)?.read !== false);
      }
      const added = await db.inTenant(ctx, async (tx) => {
        const wanted = ids ?? (await postsRepository.newestWallIds(tx, clientId, FEED_PAGE_SIZE));
        const views = await viewsRepository.add(tx, clientId, userId, wanted, body.where ?? null);
        await addViews(tx, clientId, userId, views, tasks);
        return views;
      });
      return { viewed: added.length, posts: added.map((p) => ({ _id: p.id, views_count: p.viewsCount })) };
    },

    /**
     * §7 POST api/post/like {like_type, post_id | comment_id | answer_id | id}: toggles the caller's like of a post,
     * comment or answer; it never counts twice. Errors: 404 for an unknown or foreign target; 400 on `like_type` when
     * it does not match the target (`comment` for an answer or `answer` for a comment).
     */
    like: async ({ body }, ctx) => {
      const clientId = kit.clientOf(ctx);
      const userId = kit.userOf(ctx);
      const targetId = (
        body.like_type === 'post' ? (body.post_id ?? body.id) : body.like_type === 'comment' ? (body.comment_id ?? body.id) : (body.answer_id ?? body.id)
      )!;
      const task = readable(await kit.taskOf(ctx, body.like_type === 'post' ? { postId: targetId } : { commentId: targetId }));
      const out = await db.inTenant(ctx, async (tx) => {
        let postId: string;
        let commentId: string | null = null;
        let post: PostRow | undefined;
        if (body.like_type === 'post') {
          post = await postsRepository.byId(tx, targetId);
          if (!post) throw Errors.notFound();
          postId = post.id;
        } else {
          const c = await commentsRepository.byId(tx, targetId);
          if (!c) throw Errors.notFound();
          // §4 Posts: the like goes to a comment or an answer by like_type, so it must name what the target is.
          const actual = c.parentCommentId ? 'answer' : 'comment';
          if (body.like_type !== actual) throw Errors.field('like_type', SOCIAL_TEXT.likeTypeMismatch(actual));
          postId = c.postId;
          commentId = c.id;
        }
        const r = await likesRepository.toggle(tx, { id: uuidv7(), clientId, likeType: body.like_type, targetId, postId, commentId, userId });
        const result = { like_type: body.like_type, target_id: targetId, post_id: postId, liked: r.liked, likes_count: r.count };
        // A closed or private group's post: only its readers hear of the like (issue 11). Its author and parent do
        // not change with a like, so a post liked itself is not read again.
        post ??= await postsRepository.byId(tx, postId);
        const userIds = post ? await kit.audienceOf(tx, { parent: { type: post.parentType, id: post.parentId } }, task) : undefined;
        await outbox.add(tx, socialEvents.likeChanged, clientId, { ...result, user_id: userId, post_author_id: post?.authorId, userIds });
        return result;
      });
      return out;
    },
  };
}
