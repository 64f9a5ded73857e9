import { Controller } from '@nestjs/common';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { structureRoutes } from '@intranet/people-contract/structure';
import { StructureLoadService } from './structure-load.service.ts';
import { StructureService } from './structure.service.ts';

/** §7 Structure: departments, their department-user records, and the HR system's departments (check and load). */
@Controller()
export class StructureController {
  constructor(
    private readonly structure: StructureService,
    private readonly load: StructureLoadService,
  ) {}

  @RouteHandler(structureRoutes.structureByClient)
  structureByClient(input: RouteInput<typeof structureRoutes.structureByClient>, ctx: RequestContext) {
    return this.structure.structureByClient(input, ctx);
  }

  @RouteHandler(structureRoutes.structureCreate)
  structureCreate(input: RouteInput<typeof structureRoutes.structureCreate>, ctx: RequestContext) {
    return this.structure.structureCreate(input, ctx);
  }

  @RouteHandler(structureRoutes.structureUpdate)
  structureUpdate(input: RouteInput<typeof structureRoutes.structureUpdate>, ctx: RequestContext) {
    return this.structure.structureUpdate(input, ctx);
  }

  @RouteHandler(structureRoutes.structureDelete)
  structureDelete(input: RouteInput<typeof structureRoutes.structureDelete>, ctx: RequestContext) {
    return this.structure.structureDelete(input, ctx);
  }

  @RouteHandler(structureRoutes.structureLoadStruct)
  structureLoadStruct(input: RouteInput<typeof structureRoutes.structureLoadStruct>, ctx: RequestContext) {
    return this.load.structureLoad(input, ctx);
  }

  @RouteHandler(structureRoutes.structureHrCheck)
  structureHrCheck(input: RouteInput<typeof structureRoutes.structureHrCheck>, ctx: RequestContext) {
    return this.load.hrCheck(input, ctx);
  }

  @RouteHandler(structureRoutes.deptUsersByClient)
  deptUsersByClient(input: RouteInput<typeof structureRoutes.deptUsersByClient>, ctx: RequestContext) {
    return this.structure.deptUsersByClient(input, ctx);
  }

  @RouteHandler(structureRoutes.deptUsersAdd)
  deptUsersAdd(input: RouteInput<typeof structureRoutes.deptUsersAdd>, ctx: RequestContext) {
    return this.structure.deptUsersAdd(input, ctx);
  }

  @RouteHandler(structureRoutes.deptUsersUpdate)
  deptUsersUpdate(input: RouteInput<typeof structureRoutes.deptUsersUpdate>, ctx: RequestContext) {
    return this.structure.deptUsersUpdate(input, ctx);
  }

  @RouteHandler(structureRoutes.deptUsersRemove)
  deptUsersRemove(input: RouteInput<typeof structureRoutes.deptUsersRemove>, ctx: RequestContext) {
    return this.structure.deptUsersRemove(input, ctx);
  }

  @RouteHandler(structureRoutes.deptUsersClearChief)
  deptUsersClearChief(input: RouteInput<typeof structureRoutes.deptUsersClearChief>, ctx: RequestContext) {
    return this.structure.deptUsersClearChief(input, ctx);
  }
}
