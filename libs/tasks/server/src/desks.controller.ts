import { Controller } from '@nestjs/common';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { tasksRoutes } from '@intranet/tasks-contract';
import { DesksService } from './desks.service.ts';

/** The §7 Task tracker routes of boards and lanes: one method per contract route (named as its key), bound by `@RouteHandler`. */
@Controller()
export class DesksController {
  constructor(private readonly svc: DesksService) {}

  @RouteHandler(tasksRoutes.deskList)
  deskList(input: RouteInput<typeof tasksRoutes.deskList>, ctx: RequestContext) {
    return this.svc.deskList(input, ctx);
  }

  @RouteHandler(tasksRoutes.deskGet)
  deskGet(input: RouteInput<typeof tasksRoutes.deskGet>, ctx: RequestContext) {
    return this.svc.deskGet(input, ctx);
  }

  @RouteHandler(tasksRoutes.deskCreate)
  deskCreate(input: RouteInput<typeof tasksRoutes.deskCreate>, ctx: RequestContext) {
    return this.svc.deskCreate(input, ctx);
  }

  @RouteHandler(tasksRoutes.deskUpdate)
  deskUpdate(input: RouteInput<typeof tasksRoutes.deskUpdate>, ctx: RequestContext) {
    return this.svc.deskUpdate(input, ctx);
  }

  @RouteHandler(tasksRoutes.deskDelete)
  deskDelete(input: RouteInput<typeof tasksRoutes.deskDelete>, ctx: RequestContext) {
    return this.svc.deskDelete(input, ctx);
  }

  @RouteHandler(tasksRoutes.laneDelete)
  laneDelete(input: RouteInput<typeof tasksRoutes.laneDelete>, ctx: RequestContext) {
    return this.svc.laneDelete(input, ctx);
  }

  @RouteHandler(tasksRoutes.deskFinish)
  deskFinish(input: RouteInput<typeof tasksRoutes.deskFinish>, ctx: RequestContext) {
    return this.svc.deskFinish(input, ctx);
  }
}
