import { Controller } from '@nestjs/common';
import { groupRoutes } from '@intranet/social-contract';
import type { RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { RouteHandler } from '@intranet/platform-host';
import { GroupsService } from './groups.service.ts';
import { MembershipService } from './membership.service.ts';

type In<K extends keyof typeof groupRoutes> = RouteInput<(typeof groupRoutes)[K]>;

/** §7 Groups and the §4 Group transitions. One method per route, named as its key; each delegates to its service. */
@Controller()
export class GroupsController {
  constructor(
    private readonly groups: GroupsService,
    private readonly membership: MembershipService,
  ) {}

  @RouteHandler(groupRoutes.groupCreate)
  groupCreate(input: In<'groupCreate'>, ctx: RequestContext) {
    return this.groups.groupCreate(input, ctx);
  }

  @RouteHandler(groupRoutes.groupByUser)
  groupsByUser(input: In<'groupByUser'>, ctx: RequestContext) {
    return this.groups.groupsByUser(input, ctx);
  }

  @RouteHandler(groupRoutes.groupByClient)
  groupsByClient(input: In<'groupByClient'>, ctx: RequestContext) {
    return this.groups.groupsByClient(input, ctx);
  }

  @RouteHandler(groupRoutes.groupPending)
  groupPending(input: In<'groupPending'>, ctx: RequestContext) {
    return this.groups.groupPending(input, ctx);
  }

  @RouteHandler(groupRoutes.groupGet)
  groupGet(input: In<'groupGet'>, ctx: RequestContext) {
    return this.groups.groupGet(input, ctx);
  }

  @RouteHandler(groupRoutes.groupCanRead)
  groupCanRead(input: In<'groupCanRead'>, ctx: RequestContext) {
    return this.groups.groupCanRead(input, ctx);
  }

  @RouteHandler(groupRoutes.groupUpdate)
  groupUpdate(input: In<'groupUpdate'>, ctx: RequestContext) {
    return this.groups.groupUpdate(input, ctx);
  }

  @RouteHandler(groupRoutes.groupDelete)
  groupDelete(input: In<'groupDelete'>, ctx: RequestContext) {
    return this.groups.groupDelete(input, ctx);
  }

  @RouteHandler(groupRoutes.groupGrantAdd)
  groupGrantAdd(input: In<'groupGrantAdd'>, ctx: RequestContext) {
    return this.groups.groupGrantAdd(input, ctx);
  }

  @RouteHandler(groupRoutes.groupGrantRemove)
  groupGrantRemove(input: In<'groupGrantRemove'>, ctx: RequestContext) {
    return this.groups.groupGrantRemove(input, ctx);
  }

  @RouteHandler(groupRoutes.groupReplaceOwner)
  groupReplaceOwner(input: In<'groupReplaceOwner'>, ctx: RequestContext) {
    return this.groups.groupReplaceOwner(input, ctx);
  }

  @RouteHandler(groupRoutes.groupSetOwner)
  groupSetOwner(input: In<'groupSetOwner'>, ctx: RequestContext) {
    return this.groups.groupSetOwner(input, ctx);
  }

  @RouteHandler(groupRoutes.groupMembers)
  groupMembers(input: In<'groupMembers'>, ctx: RequestContext) {
    return this.groups.groupMembers(input, ctx);
  }

  @RouteHandler(groupRoutes.groupJoin)
  groupJoin(input: In<'groupJoin'>, ctx: RequestContext) {
    return this.membership.groupJoin(input, ctx);
  }

  @RouteHandler(groupRoutes.groupLeave)
  groupLeave(input: In<'groupLeave'>, ctx: RequestContext) {
    return this.membership.groupLeave(input, ctx);
  }

  @RouteHandler(groupRoutes.groupRequests)
  groupRequests(input: In<'groupRequests'>, ctx: RequestContext) {
    return this.membership.groupRequests(input, ctx);
  }

  @RouteHandler(groupRoutes.groupRequestCancel)
  groupRequestCancel(input: In<'groupRequestCancel'>, ctx: RequestContext) {
    return this.membership.groupRequestCancel(input, ctx);
  }

  @RouteHandler(groupRoutes.groupRequestApprove)
  groupRequestApprove(input: In<'groupRequestApprove'>, ctx: RequestContext) {
    return this.membership.groupRequestApprove(input, ctx);
  }

  @RouteHandler(groupRoutes.groupRequestReject)
  groupRequestReject(input: In<'groupRequestReject'>, ctx: RequestContext) {
    return this.membership.groupRequestReject(input, ctx);
  }

  @RouteHandler(groupRoutes.groupInvitations)
  groupInvitations(input: In<'groupInvitations'>, ctx: RequestContext) {
    return this.membership.groupInvitations(input, ctx);
  }

  @RouteHandler(groupRoutes.groupInvite)
  groupInvite(input: In<'groupInvite'>, ctx: RequestContext) {
    return this.membership.groupInvite(input, ctx);
  }

  @RouteHandler(groupRoutes.groupInvitationAccept)
  groupInvitationAccept(input: In<'groupInvitationAccept'>, ctx: RequestContext) {
    return this.membership.groupInvitationAccept(input, ctx);
  }

  @RouteHandler(groupRoutes.groupInvitationDecline)
  groupInvitationDecline(input: In<'groupInvitationDecline'>, ctx: RequestContext) {
    return this.membership.groupInvitationDecline(input, ctx);
  }

  @RouteHandler(groupRoutes.groupInvitationWithdraw)
  groupInvitationWithdraw(input: In<'groupInvitationWithdraw'>, ctx: RequestContext) {
    return this.membership.groupInvitationWithdraw(input, ctx);
  }

  @RouteHandler(groupRoutes.groupMemberRemove)
  groupMemberRemove(input: In<'groupMemberRemove'>, ctx: RequestContext) {
    return this.membership.groupMemberRemove(input, ctx);
  }

  @RouteHandler(groupRoutes.groupMemberAdmin)
  groupMemberAdmin(input: In<'groupMemberAdmin'>, ctx: RequestContext) {
    return this.membership.groupMemberAdmin(input, ctx);
  }
}
