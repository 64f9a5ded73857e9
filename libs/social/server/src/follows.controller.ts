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

  @RouteHandler(socialRoutes.followAdd)
  follow(input: In<'followAdd'>, ctx: RequestContext) {
    return this.follows.follow(input, ctx);
  }

  @RouteHandler(socialRoutes.followRemove)
  unfollow(input: In<'followRemove'>, ctx: RequestContext) {
    return this.follows.unfollow(input, ctx);
  }

  @RouteHandler(socialRoutes.thanksAll)
  allThanks(input: In<'thanksAll'>, ctx: RequestContext) {
    return this.follows.allThanks(input, ctx);
  }

  @RouteHandler(socialRoutes.birthdayList)
  birthdays(input: In<'birthdayList'>, ctx: RequestContext) {
    return this.follows.birthdays(input, ctx);
  }
}
