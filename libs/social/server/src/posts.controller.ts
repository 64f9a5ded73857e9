import { Controller } from '@nestjs/common';
import { socialRoutes } from '@intranet/social-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { EngagementService } from './engagement.service.ts';
import { FeedsService } from './feeds.service.ts';
import { PostsService } from './posts.service.ts';

type In<K extends keyof typeof socialRoutes> = RouteInput<(typeof socialRoutes)[K]>;

/** §7 Posts: feeds, one post, writes, views and likes. One method per route, named as its key; each delegates to its service. */
@Controller()
export class PostsController {
  constructor(
    private readonly feeds: FeedsService,
    private readonly posts: PostsService,
    private readonly engagement: EngagementService,
  ) {}

  @RouteHandler(socialRoutes.postNews)
  news(input: In<'postNews'>, ctx: RequestContext) {
    return this.feeds.news(input, ctx);
  }

  @RouteHandler(socialRoutes.postUserFeed)
  userFeed(input: In<'postUserFeed'>, ctx: RequestContext) {
    return this.feeds.userFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.postClient)
  clientFeed(input: In<'postClient'>, ctx: RequestContext) {
    return this.feeds.clientFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.postFollows)
  followsFeed(input: In<'postFollows'>, ctx: RequestContext) {
    return this.feeds.followsFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.postUser)
  authorFeed(input: In<'postUser'>, ctx: RequestContext) {
    return this.feeds.authorFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.postGroup)
  groupFeed(input: In<'postGroup'>, ctx: RequestContext) {
    return this.feeds.groupFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.postGroupUser)
  groupUserFeed(input: In<'postGroupUser'>, ctx: RequestContext) {
    return this.feeds.groupUserFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.postCommentsFeed)
  commentsFeed(input: In<'postCommentsFeed'>, ctx: RequestContext) {
    return this.feeds.commentsFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.postMentionsFeed)
  mentionsFeed(input: In<'postMentionsFeed'>, ctx: RequestContext) {
    return this.feeds.mentionsFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.postQuery)
  query(input: In<'postQuery'>, ctx: RequestContext) {
    return this.feeds.query(input, ctx);
  }

  @RouteHandler(socialRoutes.postGet)
  get(input: In<'postGet'>, ctx: RequestContext) {
    return this.feeds.get(input, ctx);
  }

  @RouteHandler(socialRoutes.postCreate)
  create(input: In<'postCreate'>, ctx: RequestContext) {
    return this.posts.create(input, ctx);
  }

  @RouteHandler(socialRoutes.postUpdate)
  update(input: In<'postUpdate'>, ctx: RequestContext) {
    return this.posts.update(input, ctx);
  }

  @RouteHandler(socialRoutes.postDelete)
  delete(input: In<'postDelete'>, ctx: RequestContext) {
    return this.posts.delete(input, ctx);
  }

  @RouteHandler(socialRoutes.postView)
  view(input: In<'postView'>, ctx: RequestContext) {
    return this.engagement.view(input, ctx);
  }

  @RouteHandler(socialRoutes.postAllView)
  allView(input: In<'postAllView'>, ctx: RequestContext) {
    return this.engagement.allView(input, ctx);
  }

  @RouteHandler(socialRoutes.postLike)
  like(input: In<'postLike'>, ctx: RequestContext) {
    return this.engagement.like(input, ctx);
  }
}
