import { Inject, Injectable } from '@nestjs/common';
import type { groupRoutes } from '@intranet/social-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database } from '@intranet/platform-db';
import { PORTS } from '@intranet/platform-host';
import { canActAsOwner } from './access.ts';
import { AuthorsService } from './authors.service.ts';
import { refuse, GroupStateService } from './group-state.service.ts';
import { GroupsRepository } from './groups.repository.ts';
import { toPending } from './mapping.ts';

type In<K extends keyof typeof groupRoutes> = RouteInput<(typeof groupRoutes)[K]>;

/**
 * §4 Group transitions: joining and leaving, requests (closed groups) and invitations (any type), members removed
 * and made admins. Each runs in one transaction on the locked group and tells its audience (GroupStateService).
 */
@Injectable()
export class MembershipService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    private readonly authors: AuthorsService,
    private readonly state: GroupStateService,
    private readonly groups: GroupsRepository,
  ) {}

  /**
   * POST api/group/{id}/join (§4): an invitation pending → accepted; public → member at once; closed → a request
   * (kept if one is open); private → refused. Errors: 404, 409 'You are already a member of this group', 403.
   */
  async groupJoin({ params }: In<'groupJoin'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    await this.authors.ensure(ctx, [userId], { field: 'user', strict: false });
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, params.id);
      if (v.role) throw refuse('conflict', 'alreadyMember');
      const invitation = await this.groups.openPending(tx, v.g.id, userId, 'invitation');
      if (invitation) {
        await this.groups.decide(tx, invitation.id, 'accepted', userId);
        await this.state.enrol(tx, v, userId);
        await this.state.changed(tx, ctx, v.g, 'accepted', [userId]);
      } else if (v.g.type === 'public') {
        await this.state.enrol(tx, v, userId);
        await this.state.changed(tx, ctx, v.g, 'joined', [userId]);
      } else if (v.g.type === 'closed') {
        const request = { id: uuidv7(), groupId: v.g.id, userId, clientId: v.g.clientId, kind: 'request' as const, byId: userId };
        if (await this.groups.addPending(tx, request)) await this.state.changed(tx, ctx, v.g, 'requested', [userId], await this.groups.deciders(tx, v.g.id));
      } else throw refuse('forbidden', 'privateJoin');
      return this.state.fresh(tx, ctx, v.g.id);
    });
  }

  /** POST api/group/{id}/leave (§4): a member leaves; the owner must hand over first. Errors: 404, 409. */
  async groupLeave({ params }: In<'groupLeave'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, params.id);
      if (!v.role) throw refuse('conflict', 'notMember');
      if (v.role === 'owner') throw refuse('conflict', 'ownerCannotLeave');
      await this.state.changed(tx, ctx, v.g, 'left', [userId]);
      await this.groups.removeMember(tx, v.g.id, userId);
      await this.groups.recount(tx, v.g.id);
      return this.state.fresh(tx, ctx, v.g.id);
    });
  }

  /** GET api/group/{id}/requests: open requests (group admins). Errors: 404, 403. */
  groupRequests({ params }: In<'groupRequests'>, ctx: RequestContext) {
    requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, params.id);
      this.state.mustAdmin(v, ctx);
      return toPending(await this.groups.pendingList(tx, { groupId: v.g.id, kind: 'request' }));
    });
  }

  /** DELETE api/group/{id}/requests: the asker cancels their open request. Errors: 404, 409 'There is no pending request'. */
  groupRequestCancel({ params }: In<'groupRequestCancel'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, params.id);
      const open = await this.groups.openPending(tx, v.g.id, userId, 'request');
      if (!open) throw refuse('conflict', 'noRequest');
      await this.groups.decide(tx, open.id, 'cancelled', userId);
      await this.state.changed(tx, ctx, v.g, 'cancelled', [userId]);
      return this.state.fresh(tx, ctx, v.g.id);
    });
  }

  /** POST api/group/{groupId}/requests/{userId}/approve: a group admin approves; the asker becomes a member. Errors: 404, 403, 409. */
  groupRequestApprove({ params }: In<'groupRequestApprove'>, ctx: RequestContext) {
    return this.decideRequest(params, ctx, 'approved');
  }

  /** POST api/group/{groupId}/requests/{userId}/reject: a group admin rejects. Errors: 404, 403, 409. */
  groupRequestReject({ params }: In<'groupRequestReject'>, ctx: RequestContext) {
    return this.decideRequest(params, ctx, 'rejected');
  }

  private decideRequest(params: { groupId: string; userId: string }, ctx: RequestContext, decision: 'approved' | 'rejected') {
    const { userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, params.groupId);
      this.state.mustAdmin(v, ctx);
      const open = await this.groups.openPending(tx, v.g.id, params.userId, 'request');
      if (!open) throw refuse('conflict', 'noRequest');
      await this.groups.decide(tx, open.id, decision, userId);
      if (decision === 'approved') await this.state.enrol(tx, v, params.userId);
      await this.state.changed(tx, ctx, v.g, decision, [params.userId]);
      return this.state.fresh(tx, ctx, v.g.id);
    });
  }

  /** GET api/group/{id}/invitations: open invitations (group admins). Errors: 404, 403. */
  groupInvitations({ params }: In<'groupInvitations'>, ctx: RequestContext) {
    requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, params.id);
      this.state.mustAdmin(v, ctx);
      return toPending(await this.groups.pendingList(tx, { groupId: v.g.id, kind: 'invitation' }));
    });
  }

  /** POST api/group/{id}/invitations {user_ids}: group admins invite colleagues (members and the already invited are skipped). Errors: 404, 403, 'User not found'. */
  async groupInvite({ params, body }: In<'groupInvite'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    await this.authors.ensure(ctx, body.user_ids, { field: 'user_ids', strict: true });
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, params.id);
      this.state.mustAdmin(v, ctx);
      const invited: string[] = [];
      for (const u of new Set(body.user_ids)) {
        if (await this.groups.roleOf(tx, v.g.id, u)) continue;
        const invitation = { id: uuidv7(), groupId: v.g.id, userId: u, clientId: v.g.clientId, kind: 'invitation' as const, byId: userId };
        if (await this.groups.addPending(tx, invitation)) invited.push(u);
      }
      if (invited.length) await this.state.changed(tx, ctx, v.g, 'invited', invited);
      return this.state.fresh(tx, ctx, v.g.id);
    });
  }

  /** POST api/group/{id}/invitations/accept: the invited user becomes a member. Errors: 404, 409 'There is no pending invitation'. */
  async groupInvitationAccept({ params }: In<'groupInvitationAccept'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    await this.authors.ensure(ctx, [userId], { field: 'user', strict: false });
    return this.answerInvitation(params.id, ctx, 'accepted');
  }

  /** POST api/group/{id}/invitations/decline: the invited user declines (a private group disappears for them again). */
  groupInvitationDecline({ params }: In<'groupInvitationDecline'>, ctx: RequestContext) {
    return this.answerInvitation(params.id, ctx, 'declined');
  }

  private answerInvitation(groupId: string, ctx: RequestContext, answer: 'accepted' | 'declined') {
    const { userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, groupId);
      const open = await this.groups.openPending(tx, v.g.id, userId, 'invitation');
      if (!open) throw refuse('conflict', 'noInvitation');
      await this.groups.decide(tx, open.id, answer, userId);
      if (answer === 'accepted') await this.state.enrol(tx, v, userId);
      await this.state.changed(tx, ctx, v.g, answer, [userId]);
      return this.state.fresh(tx, ctx, v.g.id);
    });
  }

  /**
   * DELETE api/group/{groupId}/invitations/{userId}: a group admin withdraws a pending invitation (it ends as
   * cancelled, decided by the admin; evt.social.group.changed 'withdrawn' to the invitee). Errors: 404, 403, 409.
   */
  groupInvitationWithdraw({ params }: In<'groupInvitationWithdraw'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, params.groupId);
      this.state.mustAdmin(v, ctx);
      const open = await this.groups.openPending(tx, v.g.id, params.userId, 'invitation');
      if (!open) throw refuse('conflict', 'noInvitation');
      await this.groups.decide(tx, open.id, 'cancelled', userId);
      await this.state.changed(tx, ctx, v.g, 'withdrawn', [params.userId]);
      return this.state.fresh(tx, ctx, v.g.id);
    });
  }

  /** DELETE api/group/{groupId}/members/{userId}: group admins remove a member, never the owner. Errors: 404, 403, 409. */
  groupMemberRemove({ params }: In<'groupMemberRemove'>, ctx: RequestContext) {
    requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, params.groupId);
      this.state.mustAdmin(v, ctx);
      const role = await this.groups.roleOf(tx, v.g.id, params.userId);
      if (!role) throw refuse('conflict', 'notMember');
      if (role === 'owner') throw refuse('conflict', 'ownerCannotBeRemoved');
      await this.state.changed(tx, ctx, v.g, 'removed', [params.userId]);
      await this.groups.removeMember(tx, v.g.id, params.userId);
      await this.groups.recount(tx, v.g.id);
      return this.state.fresh(tx, ctx, v.g.id);
    });
  }

  /** PUT api/group/{groupId}/members/{userId}/admin {admin}: the owner (or a client admin) sets a member's admin flag. Errors: 404, 403, 409. */
  groupMemberAdmin({ params, body }: In<'groupMemberAdmin'>, ctx: RequestContext) {
    const { admin } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, params.groupId);
      if (!canActAsOwner(v.role, admin)) throw refuse('forbidden', 'notOwner');
      const role = await this.groups.roleOf(tx, v.g.id, params.userId);
      if (!role) throw refuse('conflict', 'notMember');
      if (role === 'owner') throw refuse('conflict', 'ownerCannotBeRemoved');
      await this.groups.setRole(tx, v.g.id, params.userId, body.admin ? 'admin' : 'member');
      await this.state.changed(tx, ctx, v.g, 'admin', [params.userId]);
      return this.state.fresh(tx, ctx, v.g.id);
    });
  }
}
