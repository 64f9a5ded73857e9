import { Controller } from '@nestjs/common';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { structureRoutes } from '@intranet/people-contract/structure';
import { VacationsService } from './vacations.service.ts';

/** §7 Users vacations: the timeline, requests, approval and deletion. */
@Controller()
export class VacationsController {
  constructor(private readonly vacations: VacationsService) {}

  @RouteHandler(structureRoutes.vacationList)
  vacationList(input: RouteInput<typeof structureRoutes.vacationList>, ctx: RequestContext) {
    return this.vacations.vacationList(input, ctx);
  }

  @RouteHandler(structureRoutes.vacationCreate)
  vacationCreate(input: RouteInput<typeof structureRoutes.vacationCreate>, ctx: RequestContext) {
    return this.vacations.vacationCreate(input, ctx);
  }

  @RouteHandler(structureRoutes.vacationUpdate)
  vacationUpdate(input: RouteInput<typeof structureRoutes.vacationUpdate>, ctx: RequestContext) {
    return this.vacations.vacationUpdate(input, ctx);
  }

  @RouteHandler(structureRoutes.vacationDelete)
  vacationDelete(input: RouteInput<typeof structureRoutes.vacationDelete>, ctx: RequestContext) {
    return this.vacations.vacationDelete(input, ctx);
  }
}
