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

  @RouteHandler(bpRoutes.start)
  start(input: RouteInput<typeof bpRoutes.start>, ctx: RequestContext) {
    return this.svc.start(input, ctx);
  }

  @RouteHandler(bpRoutes.passStep)
  passStep(input: RouteInput<typeof bpRoutes.passStep>, ctx: RequestContext) {
    return this.svc.passStep(input, ctx);
  }

  @RouteHandler(bpRoutes.request)
  request(input: RouteInput<typeof bpRoutes.request>, ctx: RequestContext) {
    return this.svc.request(input, ctx);
  }

  @RouteHandler(bpRoutes.comment)
  comment(input: RouteInput<typeof bpRoutes.comment>, ctx: RequestContext) {
    return this.svc.comment(input, ctx);
  }

  @RouteHandler(bpRoutes.runned)
  runned(input: RouteInput<typeof bpRoutes.runned>, ctx: RequestContext) {
    return this.svc.runned(input, ctx);
  }

  @RouteHandler(bpRoutes.serviceRequests)
  serviceRequests(input: RouteInput<typeof bpRoutes.serviceRequests>, ctx: RequestContext) {
    return this.svc.serviceRequests(input, ctx);
  }

  @RouteHandler(bpRoutes.tmpls)
  tmpls(input: RouteInput<typeof bpRoutes.tmpls>, ctx: RequestContext) {
    return this.svc.tmpls(input, ctx);
  }

  @RouteHandler(bpRoutes.convert)
  convert(input: RouteInput<typeof bpRoutes.convert>, ctx: RequestContext) {
    return this.svc.convert(input, ctx);
  }

  /** bp.internal.scanOverdue {now?} → { raised }: the overdue scan now (the periodic one's, on demand). */
  @SubjectHandler(bpSubjects.scanOverdue)
  async scanOverdue(input: { now?: string }) {
    return { raised: await this.jobs.scanOverdue(input.now ? new Date(input.now) : new Date()) };
  }
}
