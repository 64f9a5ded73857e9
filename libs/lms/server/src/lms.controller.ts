import { Controller } from '@nestjs/common';
import { lmsRoutes } from '@intranet/lms-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { LmsService } from './lms.service.ts';

/**
 * The §7 Lms routes: one method per route of `lmsRoutes`, named as its key and bound to
 * its bus subject by `@RouteHandler` (input validated by the contract before, result parsed by it after).
 * `implements RouteHandlers` makes the compiler refuse a route without its method. Each method only delegates.
 */
@Controller()
export class LmsController implements RouteHandlers<typeof lmsRoutes> {
  constructor(private readonly svc: LmsService) {}

  /** lms.item.list — GET api/lms/items. */
  @RouteHandler(lmsRoutes.itemList)
  itemList(input: RouteInput<typeof lmsRoutes.itemList>, ctx: RequestContext) {
    return this.svc.itemList(input, ctx);
  }

  /** lms.item.create — POST api/lms/items. */
  @RouteHandler(lmsRoutes.itemCreate)
  itemCreate(input: RouteInput<typeof lmsRoutes.itemCreate>, ctx: RequestContext) {
    return this.svc.itemCreate(input, ctx);
  }

  /** lms.item.remove — DELETE api/lms/items/{id}. */
  @RouteHandler(lmsRoutes.itemRemove)
  itemRemove(input: RouteInput<typeof lmsRoutes.itemRemove>, ctx: RequestContext) {
    return this.svc.itemRemove(input, ctx);
  }
}
