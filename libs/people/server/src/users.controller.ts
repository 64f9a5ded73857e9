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

  @RouteHandler(peopleRoutes.register)
  register(input: RouteInput<typeof peopleRoutes.register>, ctx: RequestContext) {
    return this.registerUsers.register(input, ctx);
  }

  @RouteHandler(peopleRoutes.registerMany)
  registerMany(input: RouteInput<typeof peopleRoutes.registerMany>, ctx: RequestContext) {
    return this.registerUsers.registerMany(input, ctx);
  }

  @RouteHandler(peopleRoutes.get)
  get(input: RouteInput<typeof peopleRoutes.get>, ctx: RequestContext) {
    return this.users.get(input, ctx);
  }

  @RouteHandler(peopleRoutes.forClient)
  forClient(input: RouteInput<typeof peopleRoutes.forClient>, ctx: RequestContext) {
    return this.users.forClient(input, ctx);
  }

  @RouteHandler(peopleRoutes.filter)
  filter(input: RouteInput<typeof peopleRoutes.filter>, ctx: RequestContext) {
    return this.users.filter(input, ctx);
  }

  @RouteHandler(peopleRoutes.update)
  update(input: RouteInput<typeof peopleRoutes.update>, ctx: RequestContext) {
    return this.users.update(input, ctx);
  }

  @RouteHandler(peopleRoutes.delete)
  delete(input: RouteInput<typeof peopleRoutes.delete>, ctx: RequestContext) {
    return this.users.delete(input, ctx);
  }

  @RouteHandler(peopleRoutes.undelete)
  undelete(input: RouteInput<typeof peopleRoutes.undelete>, ctx: RequestContext) {
    return this.users.undelete(input, ctx);
  }

  @RouteHandler(peopleRoutes.clientRoleAdd)
  clientRoleAdd(input: RouteInput<typeof peopleRoutes.clientRoleAdd>, ctx: RequestContext) {
    return this.roles.clientRoleAdd(input, ctx);
  }

  @RouteHandler(peopleRoutes.clientRoleRemove)
  clientRoleRemove(input: RouteInput<typeof peopleRoutes.clientRoleRemove>, ctx: RequestContext) {
    return this.roles.clientRoleRemove(input, ctx);
  }

  @RouteHandler(peopleRoutes.userRoleAdd)
  userRoleAdd(input: RouteInput<typeof peopleRoutes.userRoleAdd>, ctx: RequestContext) {
    return this.roles.userRoleAdd(input, ctx);
  }

  @RouteHandler(peopleRoutes.userRoleRemove)
  userRoleRemove(input: RouteInput<typeof peopleRoutes.userRoleRemove>, ctx: RequestContext) {
    return this.roles.userRoleRemove(input, ctx);
  }

  @RouteHandler(peopleRoutes.loadHrm)
  loadHrm(input: RouteInput<typeof peopleRoutes.loadHrm>, ctx: RequestContext) {
    return this.hrLoad.loadHrm(input, ctx);
  }

  @RouteHandler(peopleRoutes.resetToHrm)
  resetToHrm(input: RouteInput<typeof peopleRoutes.resetToHrm>, ctx: RequestContext) {
    return this.hrLoad.resetToHrm(input, ctx);
  }

  @RouteHandler(peopleRoutes.pin)
  pin(input: RouteInput<typeof peopleRoutes.pin>, ctx: RequestContext) {
    return this.pins.pin(input, ctx);
  }

  @RouteHandler(peopleRoutes.pinned)
  pinned(input: RouteInput<typeof peopleRoutes.pinned>, ctx: RequestContext) {
    return this.pins.pinned(input, ctx);
  }

  @RouteHandler(peopleRoutes.pinMove)
  pinMove(input: RouteInput<typeof peopleRoutes.pinMove>, ctx: RequestContext) {
    return this.pins.pinMove(input, ctx);
  }

  @RouteHandler(peopleRoutes.exportOne)
  exportOne(input: RouteInput<typeof peopleRoutes.exportOne>, ctx: RequestContext) {
    return this.exports.exportOne(input, ctx);
  }

  @RouteHandler(peopleRoutes.exportAll)
  exportAll(input: RouteInput<typeof peopleRoutes.exportAll>, ctx: RequestContext) {
    return this.exports.exportAll(input, ctx);
  }
}
