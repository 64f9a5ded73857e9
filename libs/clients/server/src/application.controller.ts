import { Controller } from '@nestjs/common';
import { applicationRoutes } from '@intranet/clients-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { ApplicationService } from './application.service.ts';

type In<K extends keyof typeof applicationRoutes> = RouteInput<(typeof applicationRoutes)[K]>;

/** §7 Application (issue 36): one method per route of `applicationRoutes`, each only delegating. */
@Controller()
export class ApplicationController implements RouteHandlers<typeof applicationRoutes> {
  constructor(private readonly app: ApplicationService) {}

  /** clients.application.createDefaultSections — PUT api/application/createDefaultSections. */
  @RouteHandler(applicationRoutes.applicationCreateDefaultSections)
  applicationCreateDefaultSections(_input: In<'applicationCreateDefaultSections'>, ctx: RequestContext) {
    return this.app.createDefaultSections(ctx);
  }

  /** clients.application.get — GET api/application. */
  @RouteHandler(applicationRoutes.applicationGet)
  applicationGet(_input: In<'applicationGet'>, ctx: RequestContext) {
    return this.app.get(ctx);
  }

  /** clients.appSection.switch — PUT api/application/sections/{code}. */
  @RouteHandler(applicationRoutes.appSectionSwitch)
  appSectionSwitch(input: In<'appSectionSwitch'>, ctx: RequestContext) {
    return this.app.switch(input, ctx);
  }

  /** clients.application.maintenance — PUT api/application/maintenance. */
  @RouteHandler(applicationRoutes.applicationMaintenance)
  applicationMaintenance(input: In<'applicationMaintenance'>, ctx: RequestContext) {
    return this.app.maintenance(input, ctx);
  }
}
