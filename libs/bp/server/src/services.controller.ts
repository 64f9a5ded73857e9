import { Controller } from '@nestjs/common';
import { bpRoutes } from '@intranet/bp-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';

import { ServicesService } from './services.service.ts';

/** The §7 Services routes of service groups, services and service requests: one method per contract route (named as its key), bound by `@RouteHandler`. */
@Controller()
export class ServicesController {
  constructor(private readonly svc: ServicesService) {}

  @RouteHandler(bpRoutes.groupList)
  groupList(input: RouteInput<typeof bpRoutes.groupList>, ctx: RequestContext) {
    return this.svc.groupList(input, ctx);
  }

  @RouteHandler(bpRoutes.groupCreate)
  groupCreate(input: RouteInput<typeof bpRoutes.groupCreate>, ctx: RequestContext) {
    return this.svc.groupCreate(input, ctx);
  }

  @RouteHandler(bpRoutes.groupUpdate)
  groupUpdate(input: RouteInput<typeof bpRoutes.groupUpdate>, ctx: RequestContext) {
    return this.svc.groupUpdate(input, ctx);
  }

  @RouteHandler(bpRoutes.groupDelete)
  groupDelete(input: RouteInput<typeof bpRoutes.groupDelete>, ctx: RequestContext) {
    return this.svc.groupDelete(input, ctx);
  }

  @RouteHandler(bpRoutes.groupByClient)
  groupByClient(input: RouteInput<typeof bpRoutes.groupByClient>, ctx: RequestContext) {
    return this.svc.groupByClient(input, ctx);
  }

  @RouteHandler(bpRoutes.serviceByArticle)
  serviceByArticle(input: RouteInput<typeof bpRoutes.serviceByArticle>, ctx: RequestContext) {
    return this.svc.serviceByArticle(input, ctx);
  }

  @RouteHandler(bpRoutes.serviceReqSend)
  serviceReqSend(input: RouteInput<typeof bpRoutes.serviceReqSend>, ctx: RequestContext) {
    return this.svc.serviceReqSend(input, ctx);
  }

  @RouteHandler(bpRoutes.serviceReqList)
  serviceReqList(input: RouteInput<typeof bpRoutes.serviceReqList>, ctx: RequestContext) {
    return this.svc.serviceReqList(input, ctx);
  }

  @RouteHandler(bpRoutes.serviceGet)
  serviceGet(input: RouteInput<typeof bpRoutes.serviceGet>, ctx: RequestContext) {
    return this.svc.serviceGet(input, ctx);
  }

  @RouteHandler(bpRoutes.serviceCreate)
  serviceCreate(input: RouteInput<typeof bpRoutes.serviceCreate>, ctx: RequestContext) {
    return this.svc.serviceCreate(input, ctx);
  }

  @RouteHandler(bpRoutes.serviceUpdate)
  serviceUpdate(input: RouteInput<typeof bpRoutes.serviceUpdate>, ctx: RequestContext) {
    return this.svc.serviceUpdate(input, ctx);
  }

  @RouteHandler(bpRoutes.serviceDelete)
  serviceDelete(input: RouteInput<typeof bpRoutes.serviceDelete>, ctx: RequestContext) {
    return this.svc.serviceDelete(input, ctx);
  }

  @RouteHandler(bpRoutes.stepAdd)
  stepAdd(input: RouteInput<typeof bpRoutes.stepAdd>, ctx: RequestContext) {
    return this.svc.stepAdd(input, ctx);
  }

  @RouteHandler(bpRoutes.stepUpdate)
  stepUpdate(input: RouteInput<typeof bpRoutes.stepUpdate>, ctx: RequestContext) {
    return this.svc.stepUpdate(input, ctx);
  }

  @RouteHandler(bpRoutes.stepDelete)
  stepDelete(input: RouteInput<typeof bpRoutes.stepDelete>, ctx: RequestContext) {
    return this.svc.stepDelete(input, ctx);
  }
}
