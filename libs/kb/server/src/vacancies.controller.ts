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

  @RouteHandler(kbRoutes.vacancyRespond)
  vacancyRespond(input: RouteInput<typeof kbRoutes.vacancyRespond>, ctx: RequestContext) {
    return this.vacancies.vacRespond(input, ctx);
  }

  @RouteHandler(kbRoutes.vacancyResponses)
  vacancyResponses(input: RouteInput<typeof kbRoutes.vacancyResponses>, ctx: RequestContext) {
    return this.vacancies.responses(input, ctx);
  }
}
