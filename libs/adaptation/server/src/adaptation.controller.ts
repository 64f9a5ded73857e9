import { Controller } from '@nestjs/common';
import { adaptationRoutes } from '@intranet/adaptation-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { AdaptationService } from './adaptation.service.ts';

/**
 * The §7 Adaptation routes: one method per route of `adaptationRoutes`, named as its key and bound to
 * its bus subject by `@RouteHandler` (input validated by the contract before, result parsed by it after).
 * `implements RouteHandlers` makes the compiler refuse a route without its method. Each method only delegates.
 */
@Controller()
export class AdaptationController implements RouteHandlers<typeof adaptationRoutes> {
  constructor(private readonly svc: AdaptationService) {}

  /** adaptation.item.list — GET api/adaptation/items. */
  @RouteHandler(adaptationRoutes.itemList)
  itemList(input: RouteInput<typeof adaptationRoutes.itemList>, ctx: RequestContext) {
    return this.svc.itemList(input, ctx);
  }

  /** adaptation.item.create — POST api/adaptation/items. */
  @RouteHandler(adaptationRoutes.itemCreate)
  itemCreate(input: RouteInput<typeof adaptationRoutes.itemCreate>, ctx: RequestContext) {
    return this.svc.itemCreate(input, ctx);
  }

  /** adaptation.item.remove — DELETE api/adaptation/items/{id}. */
  @RouteHandler(adaptationRoutes.itemRemove)
  itemRemove(input: RouteInput<typeof adaptationRoutes.itemRemove>, ctx: RequestContext) {
    return this.svc.itemRemove(input, ctx);
  }
}
