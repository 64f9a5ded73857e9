import { Controller } from '@nestjs/common';
import { socialRoutes } from '@intranet/social-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { CommentsService } from './comments.service.ts';

type In<K extends keyof typeof socialRoutes> = RouteInput<(typeof socialRoutes)[K]>;

/** §7 Comments. One method per route, named as its key; each delegates to its service. */
@Controller()
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @RouteHandler(socialRoutes.commentCreate)
  commentCreate(input: In<'commentCreate'>, ctx: RequestContext) {
    return this.comments.commentCreate(input, ctx);
  }

  @RouteHandler(socialRoutes.commentUpdate)
  commentUpdate(input: In<'commentUpdate'>, ctx: RequestContext) {
    return this.comments.commentUpdate(input, ctx);
  }

  @RouteHandler(socialRoutes.commentDelete)
  commentDelete(input: In<'commentDelete'>, ctx: RequestContext) {
    return this.comments.commentDelete(input, ctx);
  }
}
