import { Controller } from '@nestjs/common';
import { bpRoutes, bpSubjects } from '@intranet/bp-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler, SubjectHandler } from '@intranet/platform-host';
import { BpJobs } from './jobs.ts';
import { RequestsService } from './requests.service.ts';

/** The §7 Services routes of running requests and templates (one method per contract route, named as its key, bound by `@RouteHandler`), and the bus-only overdue scan. */
@Controller()
export class RequestsController {
  constructor(
    private readonly svc: RequestsService,
    private readonly jobs: BpJobs,
  ) {}

  @RouteHandler(bpRoutes.requestStart)
  requestStart(input: RouteInput<typeof bpRoutes.requestStart>, ctx: RequestContext) {
    return this.svc.requestStart(input, ctx);
  }

  @RouteHandler(bpRoutes.requestPassStep)
  requestPassStep(input: RouteInput<typeof bpRoutes.requestPassStep>, ctx: RequestContext) {
    return this.svc.requestPassStep(input, ctx);
  }

  @RouteHandler(bpRoutes.requestGet)
  requestGet(input: RouteInput<typeof bpRoutes.requestGet>, ctx: RequestContext) {
    return this.svc.requestGet(input, ctx);
  }

  @RouteHandler(bpRoutes.requestComment)
  requestComment(input: RouteInput<typeof bpRoutes.requestComment>, ctx: RequestContext) {
    return this.svc.requestComment(input, ctx);
  }

  @RouteHandler(bpRoutes.requestByUser)
  requestByUser(input: RouteInput<typeof bpRoutes.requestByUser>, ctx: RequestContext) {
    return this.svc.requestByUser(input, ctx);
  }

  @RouteHandler(bpRoutes.requestByService)
  requestByService(input: RouteInput<typeof bpRoutes.requestByService>, ctx: RequestContext) {
    return this.svc.requestByService(input, ctx);
  }

  @RouteHandler(bpRoutes.templateList)
  templateList(input: RouteInput<typeof bpRoutes.templateList>, ctx: RequestContext) {
    return this.svc.templateList(input, ctx);
  }

  @RouteHandler(bpRoutes.requestConvert)
  requestConvert(input: RouteInput<typeof bpRoutes.requestConvert>, ctx: RequestContext) {
    return this.svc.requestConvert(input, ctx);
  }

  /** bp.internal.scanOverdue {now?} → { raised }: the overdue scan now (the periodic one's, on demand). */
  @SubjectHandler(bpSubjects.scanOverdue)
  async scanOverdue(input: { now?: string }) {
    return { raised: await this.jobs.scanOverdue(input.now ? new Date(input.now) : new Date()) };
  }
}
