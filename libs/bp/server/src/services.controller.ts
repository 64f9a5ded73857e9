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

  @RouteHandler(bpRoutes.byClient)
  byClient(input: RouteInput<typeof bpRoutes.byClient>, ctx: RequestContext) {
    return this.svc.byClient(input, ctx);
  }

  @RouteHandler(bpRoutes.byArticle)
  byArticle(input: RouteInput<typeof bpRoutes.byArticle>, ctx: RequestContext) {
    return this.svc.byArticle(input, ctx);
  }

  @RouteHandler(bpRoutes.sendServiceReq)
  sendServiceReq(input: RouteInput<typeof bpRoutes.sendServiceReq>, ctx: RequestContext) {
    return this.svc.sendServiceReq(input, ctx);
  }

  @RouteHandler(bpRoutes.serviceReqs)
  serviceReqs(input: RouteInput<typeof bpRoutes.serviceReqs>, ctx: RequestContext) {
    return this.svc.serviceReqs(input, ctx);
  }

  @RouteHandler(bpRoutes.get)
  get(input: RouteInput<typeof bpRoutes.get>, ctx: RequestContext) {
    return this.svc.get(input, ctx);
  }

  @RouteHandler(bpRoutes.create)
  create(input: RouteInput<typeof bpRoutes.create>, ctx: RequestContext) {
    return this.svc.create(input, ctx);
  }

  @RouteHandler(bpRoutes.update)
  update(input: RouteInput<typeof bpRoutes.update>, ctx: RequestContext) {
    return this.svc.update(input, ctx);
  }

  @RouteHandler(bpRoutes.remove)
  remove(input: RouteInput<typeof bpRoutes.remove>, ctx: RequestContext) {
    return this.svc.remove(input, ctx);
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
