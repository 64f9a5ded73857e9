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

  @RouteHandler(socialRoutes.news)
  news(input: In<'news'>, ctx: RequestContext) {
    return this.feeds.news(input, ctx);
  }

  @RouteHandler(socialRoutes.userFeed)
  userFeed(input: In<'userFeed'>, ctx: RequestContext) {
    return this.feeds.userFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.clientFeed)
  clientFeed(input: In<'clientFeed'>, ctx: RequestContext) {
    return this.feeds.clientFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.followsFeed)
  followsFeed(input: In<'followsFeed'>, ctx: RequestContext) {
    return this.feeds.followsFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.authorFeed)
  authorFeed(input: In<'authorFeed'>, ctx: RequestContext) {
    return this.feeds.authorFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.groupFeed)
  groupFeed(input: In<'groupFeed'>, ctx: RequestContext) {
    return this.feeds.groupFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.groupUserFeed)
  groupUserFeed(input: In<'groupUserFeed'>, ctx: RequestContext) {
    return this.feeds.groupUserFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.commentsFeed)
  commentsFeed(input: In<'commentsFeed'>, ctx: RequestContext) {
    return this.feeds.commentsFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.mentionsFeed)
  mentionsFeed(input: In<'mentionsFeed'>, ctx: RequestContext) {
    return this.feeds.mentionsFeed(input, ctx);
  }

  @RouteHandler(socialRoutes.query)
  query(input: In<'query'>, ctx: RequestContext) {
    return this.feeds.query(input, ctx);
  }

  @RouteHandler(socialRoutes.get)
  get(input: In<'get'>, ctx: RequestContext) {
    return this.feeds.get(input, ctx);
  }

  @RouteHandler(socialRoutes.create)
  create(input: In<'create'>, ctx: RequestContext) {
    return this.posts.create(input, ctx);
  }

  @RouteHandler(socialRoutes.update)
  update(input: In<'update'>, ctx: RequestContext) {
    return this.posts.update(input, ctx);
  }

  @RouteHandler(socialRoutes.delete)
  delete(input: In<'delete'>, ctx: RequestContext) {
    return this.posts.delete(input, ctx);
  }

  @RouteHandler(socialRoutes.view)
  view(input: In<'view'>, ctx: RequestContext) {
    return this.engagement.view(input, ctx);
  }

  @RouteHandler(socialRoutes.allView)
  allView(input: In<'allView'>, ctx: RequestContext) {
    return this.engagement.allView(input, ctx);
  }

  @RouteHandler(socialRoutes.like)
  like(input: In<'like'>, ctx: RequestContext) {
    return this.engagement.like(input, ctx);
  }
}
