import { Inject, Injectable } from '@nestjs/common';
import type { socialRoutes } from '@intranet/social-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import type { Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import { groupRights, isOwnClient } from './access.ts';
import { AuthorsService } from './authors.service.ts';
import { FollowsRepository } from './authors.repository.ts';
import { CommentsRepository } from './comments.repository.ts';
import { FeedService } from './feed.service.ts';
import { GroupsRepository } from './groups.repository.ts';
import { commentTree, toAuthor, toFeedPost, type Signer } from './mapping.ts';
import { feedWhere, PostsRepository } from './posts.repository.ts';
import { SOCIAL_SIGNER } from './social.tokens.ts';
import { TaskAccessService } from './task-access.service.ts';

type In<K extends keyof typeof socialRoutes> = RouteInput<(typeof socialRoutes)[K]>;

/**
 * The feeds and one post (§7 Posts, §4 Posts). Every read runs in the caller's tenant: another client's post is
 * simply not there (404); a `{id}` of a user must be a user of the caller's client (404 otherwise).
 */
@Injectable()
export class FeedsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(SOCIAL_SIGNER) private readonly sign: Signer,
    private readonly feed: FeedService,
    private readonly authors: AuthorsService,
    private readonly tasks: TaskAccessService,
    private readonly posts: PostsRepository,
    private readonly comments: CommentsRepository,
    private readonly follows: FollowsRepository,
    private readonly groups: GroupsRepository,
  ) {}

  /** §7 GET api/post/news/{clientId}/{page}: the company wall, 20 a page newest first. Errors: 404 for another client. */
  news({ params, query }: In<'postNews'>, ctx: RequestContext) {
    if (!isOwnClient(requireCaller(ctx).clientId, params.clientId)) throw Errors.notFound();
    return this.feed.pageOf(ctx, feedWhere.wall, { ...query, page: params.page });
  }

  /** §7 GET api/post/user_feed/{userId}/{page}: a user's posts and wall, with `following` and `followers` of the profile. */
  async userFeed({ params, query }: In<'postUserFeed'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    await this.authors.mustBeOfClient(ctx, params.userId);
    const page = await this.feed.pageOf(ctx, (c) => feedWhere.userFeed(c, params.userId), { ...query, page: params.page });
    const state = await this.db.inTenant(ctx, (tx) => this.follows.state(tx, userId, params.userId));
    return { ...page, ...state };
  }

  /** §7 GET /api/post/client/{id}: the client's wall, paged by `page` in the query. Errors: 404 for another client. */
  clientFeed({ params, query }: In<'postClient'>, ctx: RequestContext) {
    if (!isOwnClient(requireCaller(ctx).clientId, params.id)) throw Errors.notFound();
    return this.feed.pageOf(ctx, feedWhere.wall, query);
  }

  /** §7 GET /api/post/follows/{id}: wall posts of the people user {id} follows. */
  async followsFeed({ params, query }: In<'postFollows'>, ctx: RequestContext) {
    await this.authors.mustBeOfClient(ctx, params.id);
    return this.feed.pageOf(ctx, (c) => feedWhere.follows(c, params.id), query);
  }

  /** §7 GET /api/post/user/{id}: posts written by user {id}. */
  async authorFeed({ params, query }: In<'postUser'>, ctx: RequestContext) {
    await this.authors.mustBeOfClient(ctx, params.id);
    return this.feed.pageOf(ctx, (c) => feedWhere.author(c, params.id), query);
  }

  /**
   * §7 GET /api/post/group/{id}: posts of a group, newest first (feature right `groups`). Errors: 404 for a group
   * that is not there or private and not the caller's; 403 for a closed group's non-member.
   */
  async groupFeed({ params, query }: In<'postGroup'>, ctx: RequestContext) {
    const { userId, admin } = requireCaller(ctx);
    const v = await this.db.inTenant(ctx, (tx) => this.groups.view(tx, userId, params.id));
    if (!v) throw Errors.notFound();
    if (!groupRights({ type: v.g.type, role: v.role, grant: v.grant }, admin).read) throw Errors.forbidden();
    return this.feed.pageOf(ctx, (c) => feedWhere.group(c, [v.g.id]), query);
  }

  /**
   * §7 GET /api/post/group/user/{id}: posts of the groups user {id} belongs to, newest first — only those the caller
   * may read (the posts' row-level policy drops closed and private groups' posts the caller is not in).
   */
  async groupUserFeed({ params, query }: In<'postGroupUser'>, ctx: RequestContext) {
    requireCaller(ctx);
    await this.authors.mustBeOfClient(ctx, params.id);
    return this.feed.pageOf(ctx, (c) => feedWhere.groupsOf(c, params.id), query);
  }

  /** §7 GET /api/post/comments_feed/{id}: posts user {id} commented on. */
  async commentsFeed({ params, query }: In<'postCommentsFeed'>, ctx: RequestContext) {
    await this.authors.mustBeOfClient(ctx, params.id);
    return this.feed.pageOf(ctx, (c) => feedWhere.commented(c, params.id), query);
  }

  /** §7 GET /api/post/mentions_feed/{id}: posts mentioning user {id}. */
  async mentionsFeed({ params, query }: In<'postMentionsFeed'>, ctx: RequestContext) {
    await this.authors.mustBeOfClient(ctx, params.id);
    return this.feed.pageOf(ctx, (c) => feedWhere.mentions(c, params.id), query);
  }

  /**
   * §7 GET api/post (query): posts by author, type, parent, mention or text. A task's posts (its comments) only with
   * parent_type=task and parent_id, for those who may read the task (else 404); other queries leave them out.
   */
  async query({ query }: In<'postQuery'>, ctx: RequestContext) {
    requireCaller(ctx);
    const task = query.parent_type === 'task' && query.parent_id ? this.tasks.readable(await this.tasks.access(ctx, query.parent_id)) : undefined;
    return this.feed.pageOf(ctx, (c) => this.posts.queryWhere(c, query), query, { tasks: !!task });
  }

  /** §7 GET api/post/{id}: one post with its comments (answers nested), likes and views (with the viewer's name). Errors: 404. */
  async get({ params }: In<'postGet'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    const out = await this.db.inTenant(ctx, async (tx) => {
      const row = await this.posts.feedItem(tx, userId, params.id);
      if (!row) return undefined;
      // One transaction connection: sequential, not concurrent.
      const comments = await this.comments.ofPost(tx, userId, params.id);
      const likes = await this.posts.likesOf(tx, params.id);
      const views = await this.posts.viewsOf(tx, params.id);
      return { row, comments, likes, views };
    });
    if (!out) throw Errors.notFound();
    if (out.row.post.parentType === 'task' && out.row.post.parentId) this.tasks.readable(await this.tasks.access(ctx, out.row.post.parentId));
    return {
      ...toFeedPost(out.row, this.sign),
      comments: commentTree(out.comments, this.sign),
      likes: out.likes.map((l) => ({ _id: l.id, created: l.createdAt.toISOString(), author: toAuthor(l.userId, l.author) })),
      views: out.views.map((v) => ({ user: v.userId, time: v.createdAt.toISOString(), where: v.where, author: toAuthor(v.userId, v.author) })),
    };
  }
}
