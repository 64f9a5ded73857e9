import { Controller } from '@nestjs/common';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler, SubjectHandler } from '@intranet/platform-host';
import { hrFileRoutes, hrFileSubjects } from '@intranet/people-contract/hr';
import type { z } from 'zod';
import { HrFilesService } from './hr-files.service.ts';

/** §3 User HR files: the routes of `hrFileRoutes` and the guarded `hr` kind's download check (`hrFileSubjects`). */
@Controller()
export class HrFilesController {
  constructor(private readonly files: HrFilesService) {}

  @RouteHandler(hrFileRoutes.userFiles)
  userFiles(input: RouteInput<typeof hrFileRoutes.userFiles>, ctx: RequestContext) {
    return this.files.userFiles(input, ctx);
  }

  @RouteHandler(hrFileRoutes.userFilesAdd)
  userFilesAdd(input: RouteInput<typeof hrFileRoutes.userFilesAdd>, ctx: RequestContext) {
    return this.files.userFilesAdd(input, ctx);
  }

  @RouteHandler(hrFileRoutes.userFileDelete)
  userFileDelete(input: RouteInput<typeof hrFileRoutes.userFileDelete>, ctx: RequestContext) {
    return this.files.userFileDelete(input, ctx);
  }

  @SubjectHandler(hrFileSubjects.fileAccess)
  fileAccess(input: z.output<(typeof hrFileSubjects)['fileAccess']['request']>, ctx: RequestContext) {
    return this.files.fileAccess(input, ctx);
  }
}
