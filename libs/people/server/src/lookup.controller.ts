import { Controller } from '@nestjs/common';
import type { RequestContext } from '@intranet/platform-bus';
import { SubjectHandler } from '@intranet/platform-host';
import { peopleLookupSubjects } from '@intranet/people-contract/lookup';
import type { z } from 'zod';
import { ChiefsService } from './chiefs.service.ts';

/**
 * The bus-only look-ups other domains ask through `peopleClient` (@intranet/people-contract/lookup): a user's direct
 * chief and the active users among ids, in the caller context's client.
 */
@Controller()
export class LookupController {
  constructor(private readonly chiefs: ChiefsService) {}

  @SubjectHandler(peopleLookupSubjects.directChief)
  directChief(input: z.output<(typeof peopleLookupSubjects)['directChief']['request']>, ctx: RequestContext) {
    return this.chiefs.directChief(input, ctx);
  }

  @SubjectHandler(peopleLookupSubjects.usersByIds)
  usersByIds(input: z.output<(typeof peopleLookupSubjects)['usersByIds']['request']>, ctx: RequestContext) {
    return this.chiefs.usersByIds(input, ctx);
  }
}
