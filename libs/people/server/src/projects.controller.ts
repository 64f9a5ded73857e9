import { Controller } from '@nestjs/common';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { projectRoutes } from '@intranet/people-contract/structure';
import { ProjectsService } from './projects.service.ts';

/** §7 Projects: projects and their participants. */
@Controller()
export class ProjectsController {
  constructor(private readonly projects: ProjectsService) {}

  @RouteHandler(projectRoutes.projectCreate)
  projectCreate(input: RouteInput<typeof projectRoutes.projectCreate>, ctx: RequestContext) {
    return this.projects.projectCreate(input, ctx);
  }

  @RouteHandler(projectRoutes.projectList)
  projectList(input: RouteInput<typeof projectRoutes.projectList>, ctx: RequestContext) {
    return this.projects.projectList(input, ctx);
  }

  @RouteHandler(projectRoutes.projectGet)
  projectGet(input: RouteInput<typeof projectRoutes.projectGet>, ctx: RequestContext) {
    return this.projects.projectGet(input, ctx);
  }

  @RouteHandler(projectRoutes.projectUpdate)
  projectUpdate(input: RouteInput<typeof projectRoutes.projectUpdate>, ctx: RequestContext) {
    return this.projects.projectUpdate(input, ctx);
  }

  @RouteHandler(projectRoutes.projectDelete)
  projectDelete(input: RouteInput<typeof projectRoutes.projectDelete>, ctx: RequestContext) {
    return this.projects.projectDelete(input, ctx);
  }

  @RouteHandler(projectRoutes.projectParticipantAdd)
  projectParticipantAdd(input: RouteInput<typeof projectRoutes.projectParticipantAdd>, ctx: RequestContext) {
    return this.projects.projectParticipantAdd(input, ctx);
  }
}
