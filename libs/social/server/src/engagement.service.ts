import { Inject, Injectable } from '@nestjs/common';
import { FEED_PAGE_SIZE, SOCIAL_TEXT, socialEvents, type socialRoutes } from '@intranet/social-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import type { TaskAccess } from './access.ts';
import { CommentsRepository } from './comments.repository.ts';
import { LikesRepository, PostsRepository, ViewsRepository } from './posts.repository.ts';
import type { PostRow } from './schema.ts';
import { SOCIAL_OUTBOX } from './social.tokens.ts';
import { TaskAccessService } from './task-access.service.ts';
import { unique } from './text.ts';

type In<K extends keyof typeof socialRoutes> = RouteInput<(typeof socialRoutes)[K]>;

/** Views and likes of posts, comments and answers (§7 Posts, §4 Posts): each counts once per person. */
@Injectable()
export class EngagementService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(SOCIAL_OUTBOX) private readonly outbox: Outbox,
    private readonly tasks: TaskAccessService,
    private readonly posts: PostsRepository,
    private readonly comments: CommentsRepository,
    private readonly likes: LikesRepository,
    private readonly views: ViewsRepository,
  ) {}

  /**
   * Adds evt.social.view.changed to the views' transaction (nothing when no view was new): one event for the posts
   * every socket may hear of, one per closed or private group (or task) for its posts, addressed to its readers.
   */
  private async addViews(tx: Tx, clientId: string, userId: string, posts: { id: string; viewsCount: number }[], tasks = new Map<string, TaskAccess>()) {
    const byAudience = new Map<string, { userIds?: string[]; posts: { _id: string; views_count: number }[] }>();
    for (const p of posts) {
      const row = await this.posts.byId(tx, p.id);
      const userIds = row ? await this.tasks.audienceOf(tx, { parent: { type: row.parentType, id: row.parentId } }, tasks.get(p.id)) : undefined;
      const key = userIds ? `${row!.parentType}:${row!.parentId}` : 'all';
      const entry = byAudience.get(key) ?? { userIds, posts: [] };
      entry.posts.push({ _id: p.id, views_count: p.viewsCount });
      byAudience.set(key, entry);
    }
    for (const e of byAudience.values()) await this.outbox.add(tx, socialEvents.viewChanged, clientId, { user_id: userId, posts: e.posts, userIds: e.userIds });
  }

  /**
   * §7 PUT /api/post/{id}/view {user_id, where}: registers the caller's view once (a repeat changes nothing).
   * Errors: 404; 403 when `user_id` names someone else.
   */
  async view({ params, body }: In<'postView'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    if (body.user_id && body.user_id !== userId) throw Errors.forbidden();
    const task = this.tasks.readable(await this.tasks.of(ctx, { postId: params.id }));
    const out = await this.db.inTenant(ctx, async (tx) => {
      const post = await this.posts.byId(tx, params.id);
      if (!post) throw Errors.notFound();
      const added = await this.views.add(tx, clientId, userId, [params.id], body.where ?? null);
      await this.addViews(tx, clientId, userId, added, task ? new Map([[params.id, task]]) : undefined);
      return { count: added[0]?.viewsCount ?? post.viewsCount, added };
    });
    return { _id: params.id, views_count: out.count, counted: out.added.length > 0 };
  }

  /** §7 PUT api/post/all/view {user_id, where, ids?}: registers views of the given posts, else of the newest wall page. */
  async allView({ body }: In<'postAllView'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    if (body.user_id && body.user_id !== userId) throw Errors.forbidden();
    // Posts of tasks among the ids count only for those who may read the task (asked before the transaction).
    const tasks = new Map<string, TaskAccess>();
    let ids = body.ids ? unique(body.ids) : undefined;
    if (ids?.length) {
      const ofTasks = await this.db.inTenant(ctx, (tx) => this.posts.taskParents(tx, ids!));
      for (const p of ofTasks) tasks.set(p.id, await this.tasks.access(ctx, p.parentId));
      ids = ids.filter((id) => tasks.get(id)?.read !== false);
    }
    const added = await this.db.inTenant(ctx, async (tx) => {
      const wanted = ids ?? (await this.posts.newestWallIds(tx, clientId, FEED_PAGE_SIZE));
      const views = await this.views.add(tx, clientId, userId, wanted, body.where ?? null);
      await this.addViews(tx, clientId, userId, views, tasks);
      return views;
    });
    return { viewed: added.length, posts: added.map((p) => ({ _id: p.id, views_count: p.viewsCount })) };
  }

  /**
   * §7 POST api/post/like {like_type, post_id | comment_id | answer_id | id}: toggles the caller's like of a post,
   * comment or answer; it never counts twice. Errors: 404 for an unknown or foreign target; 400 on `like_type` when
   * it does not match the target (`comment` for an answer or `answer` for a comment).
   */
  async like({ body }: In<'postLike'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    const targetId = (
      body.like_type === 'post' ? (body.post_id ?? body.id) : body.like_type === 'comment' ? (body.comment_id ?? body.id) : (body.answer_id ?? body.id)
    )!;
    const task = this.tasks.readable(await this.tasks.of(ctx, body.like_type === 'post' ? { postId: targetId } : { commentId: targetId }));
    return this.db.inTenant(ctx, async (tx) => {
      let postId: string;
      let commentId: string | null = null;
      let post: PostRow | undefined;
      if (body.like_type === 'post') {
        post = await this.posts.byId(tx, targetId);
        if (!post) throw Errors.notFound();
        postId = post.id;
      } else {
        const c = await this.comments.byId(tx, targetId);
        if (!c) throw Errors.notFound();
        // §4 Posts: the like goes to a comment or an answer by like_type, so it must name what the target is.
        const actual = c.parentCommentId ? 'answer' : 'comment';
        if (body.like_type !== actual) throw Errors.field('like_type', SOCIAL_TEXT.likeTypeMismatch(actual));
        postId = c.postId;
        commentId = c.id;
      }
      const r = await this.likes.toggle(tx, { id: uuidv7(), clientId, likeType: body.like_type, targetId, postId, commentId, userId });
      const result = { like_type: body.like_type, target_id: targetId, post_id: postId, liked: r.liked, likes_count: r.count };
      // A closed or private group's post: only its readers hear of the like (issue 11). Its author and parent do
      // not change with a like, so a post liked itself is not read again.
      post ??= await this.posts.byId(tx, postId);
      const userIds = post ? await this.tasks.audienceOf(tx, { parent: { type: post.parentType, id: post.parentId } }, task) : undefined;
      await this.outbox.add(tx, socialEvents.likeChanged, clientId, { ...result, user_id: userId, post_author_id: post?.authorId, userIds });
      return result;
    });
  }
}
