import { Controller } from '@nestjs/common';
import { ideaRoutes } from '@intranet/social-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { IdeasService } from './ideas.service.ts';

type In<K extends keyof typeof ideaRoutes> = RouteInput<(typeof ideaRoutes)[K]>;

/** §7 ideas (send_idea, the list, the status). One method per route, named as its key; each delegates to its service. */
@Controller()
export class IdeasController {
  constructor(private readonly svc: IdeasService) {}

  @RouteHandler(ideaRoutes.ideaSend)
  sendIdea(input: In<'ideaSend'>, ctx: RequestContext) {
    return this.svc.sendIdea(input, ctx);
  }

  @RouteHandler(ideaRoutes.ideaList)
  ideas(input: In<'ideaList'>, ctx: RequestContext) {
    return this.svc.ideas(input, ctx);
  }

  @RouteHandler(ideaRoutes.ideaStatus)
  ideaStatus(input: In<'ideaStatus'>, ctx: RequestContext) {
    return this.svc.ideaStatus(input, ctx);
  }
}
