import { Controller } from '@nestjs/common';
import { kbRoutes } from '@intranet/kb-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { VacanciesService } from './vacancies.service.ts';

/** §7 Vacancy responses: responding to a vacancy, and the list its receivers read. */
@Controller()
export class VacanciesController {
  constructor(private readonly vacancies: VacanciesService) {}

  @RouteHandler(kbRoutes.vacRespond)
  vacRespond(input: RouteInput<typeof kbRoutes.vacRespond>, ctx: RequestContext) {
    return this.vacancies.vacRespond(input, ctx);
  }

  @RouteHandler(kbRoutes.responses)
  responses(input: RouteInput<typeof kbRoutes.responses>, ctx: RequestContext) {
    return this.vacancies.responses(input, ctx);
  }
}
