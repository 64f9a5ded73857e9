import { Controller } from '@nestjs/common';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { peopleRoutes } from '@intranet/people-contract';
import { ExportService } from './export.service.ts';
import { PinsService } from './pins.service.ts';
import { RolesService } from './roles.service.ts';
import { LoadHrm } from './use-cases/load-hrm.ts';
import { RegisterUsers } from './use-cases/register-users.ts';
import { UsersService } from './users.service.ts';

/** §7 Users: registration and import, reading and editing, roles, the HR load, pins and the Excel export. */
@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly registerUsers: RegisterUsers,
    private readonly roles: RolesService,
    private readonly hrLoad: LoadHrm,
    private readonly pins: PinsService,
    private readonly exports: ExportService,
  ) {}

  @RouteHandler(peopleRoutes.userRegister)
  userRegister(input: RouteInput<typeof peopleRoutes.userRegister>, ctx: RequestContext) {
    return this.registerUsers.register(input, ctx);
  }

  @RouteHandler(peopleRoutes.userRegisterMany)
  userRegisterMany(input: RouteInput<typeof peopleRoutes.userRegisterMany>, ctx: RequestContext) {
    return this.registerUsers.registerMany(input, ctx);
  }

  @RouteHandler(peopleRoutes.userGet)
  userGet(input: RouteInput<typeof peopleRoutes.userGet>, ctx: RequestContext) {
    return this.users.get(input, ctx);
  }

  @RouteHandler(peopleRoutes.userForClient)
  userForClient(input: RouteInput<typeof peopleRoutes.userForClient>, ctx: RequestContext) {
    return this.users.forClient(input, ctx);
  }

  @RouteHandler(peopleRoutes.userFilter)
  userFilter(input: RouteInput<typeof peopleRoutes.userFilter>, ctx: RequestContext) {
    return this.users.filter(input, ctx);
  }

  @RouteHandler(peopleRoutes.userUpdate)
  userUpdate(input: RouteInput<typeof peopleRoutes.userUpdate>, ctx: RequestContext) {
    return this.users.update(input, ctx);
  }

  @RouteHandler(peopleRoutes.userDelete)
  userDelete(input: RouteInput<typeof peopleRoutes.userDelete>, ctx: RequestContext) {
    return this.users.delete(input, ctx);
  }

  @RouteHandler(peopleRoutes.userUndelete)
  userUndelete(input: RouteInput<typeof peopleRoutes.userUndelete>, ctx: RequestContext) {
    return this.users.undelete(input, ctx);
  }

  @RouteHandler(peopleRoutes.roleAddAll)
  roleAddAll(input: RouteInput<typeof peopleRoutes.roleAddAll>, ctx: RequestContext) {
    return this.roles.clientRoleAdd(input, ctx);
  }

  @RouteHandler(peopleRoutes.roleRemoveAll)
  roleRemoveAll(input: RouteInput<typeof peopleRoutes.roleRemoveAll>, ctx: RequestContext) {
    return this.roles.clientRoleRemove(input, ctx);
  }

  @RouteHandler(peopleRoutes.roleAdd)
  roleAdd(input: RouteInput<typeof peopleRoutes.roleAdd>, ctx: RequestContext) {
    return this.roles.userRoleAdd(input, ctx);
  }

  @RouteHandler(peopleRoutes.roleRemove)
  roleRemove(input: RouteInput<typeof peopleRoutes.roleRemove>, ctx: RequestContext) {
    return this.roles.userRoleRemove(input, ctx);
  }

  @RouteHandler(peopleRoutes.userLoadHrm)
  userLoadHrm(input: RouteInput<typeof peopleRoutes.userLoadHrm>, ctx: RequestContext) {
    return this.hrLoad.loadHrm(input, ctx);
  }

  @RouteHandler(peopleRoutes.userResetToHrm)
  userResetToHrm(input: RouteInput<typeof peopleRoutes.userResetToHrm>, ctx: RequestContext) {
    return this.hrLoad.resetToHrm(input, ctx);
  }

  @RouteHandler(peopleRoutes.userPin)
  userPin(input: RouteInput<typeof peopleRoutes.userPin>, ctx: RequestContext) {
    return this.pins.pin(input, ctx);
  }

  @RouteHandler(peopleRoutes.userPinned)
  userPinned(input: RouteInput<typeof peopleRoutes.userPinned>, ctx: RequestContext) {
    return this.pins.pinned(input, ctx);
  }

  @RouteHandler(peopleRoutes.userPinMove)
  userPinMove(input: RouteInput<typeof peopleRoutes.userPinMove>, ctx: RequestContext) {
    return this.pins.pinMove(input, ctx);
  }

  @RouteHandler(peopleRoutes.userExport)
  userExport(input: RouteInput<typeof peopleRoutes.userExport>, ctx: RequestContext) {
    return this.exports.exportOne(input, ctx);
  }

  @RouteHandler(peopleRoutes.userExportAll)
  userExportAll(input: RouteInput<typeof peopleRoutes.userExportAll>, ctx: RequestContext) {
    return this.exports.exportAll(input, ctx);
  }
}
