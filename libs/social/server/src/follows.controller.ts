import { Controller } from '@nestjs/common';
import { socialRoutes } from '@intranet/social-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { FollowsService } from './follows.service.ts';

type In<K extends keyof typeof socialRoutes> = RouteInput<(typeof socialRoutes)[K]>;

/** §7 Follow and the thanks and birthdays widgets. One method per route, named as its key; each delegates to its service. */
@Controller()
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @RouteHandler(socialRoutes.follow)
  follow(input: In<'follow'>, ctx: RequestContext) {
    return this.follows.follow(input, ctx);
  }

  @RouteHandler(socialRoutes.unfollow)
  unfollow(input: In<'unfollow'>, ctx: RequestContext) {
    return this.follows.unfollow(input, ctx);
  }

  @RouteHandler(socialRoutes.allThanks)
  allThanks(input: In<'allThanks'>, ctx: RequestContext) {
    return this.follows.allThanks(input, ctx);
  }

  @RouteHandler(socialRoutes.birthdays)
  birthdays(input: In<'birthdays'>, ctx: RequestContext) {
    return this.follows.birthdays(input, ctx);
  }
}
