import { Inject, Injectable } from '@nestjs/common';
import { GROUP_CODES, GROUP_PAGE_SIZE, GROUP_TEXT, groupEvents, type Group } from '@intranet/social-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import type { Outbox } from '@intranet/platform-outbox';
import { groupRights, type GroupRights } from './access.ts';
import { GroupsRepository, type GroupView } from './groups.repository.ts';
import { goneGroup, toGroup } from './mapping.ts';
import { SOCIAL_OUTBOX } from './social.tokens.ts';

/** A §4/§8 group refusal with its stable code (the web words it): `kind` gives the HTTP status. */
export const refuse = (kind: 'conflict' | 'forbidden' | 'validation', key: keyof typeof GROUP_TEXT, field?: string) =>
  new DomainError(kind, GROUP_TEXT[key], {
    code: GROUP_CODES[key],
    errors: field ? [{ field, message: GROUP_TEXT[key], code: GROUP_CODES[key] }] : undefined,
  });

/** Paging of the group lists: `page` from 1, `limit` (default GROUP_PAGE_SIZE) → offset. */
export const pageOf = (q: { page?: number; limit?: number }) => {
  const page = q.page ?? 1;
  const limit = q.limit ?? GROUP_PAGE_SIZE;
  return { page, limit, offset: (page - 1) * limit };
};

/**
 * What every group write shares (§4 Group transitions): the group read and locked as the caller sees it, the
 * caller's rights in it, the group as it answers after a change, membership, and evt.social.group.changed through
 * the outbox (audience: the group's readers and the people concerned, unless the group is public).
 */
@Injectable()
export class GroupStateService {
  constructor(
    @Inject(SOCIAL_OUTBOX) private readonly outbox: Outbox,
    private readonly groups: GroupsRepository,
  ) {}

  /** The caller's rights in a group they see. */
  rights(v: GroupView, ctx: RequestContext): GroupRights {
    return groupRights({ type: v.g.type, role: v.role, grant: v.grant }, requireCaller(ctx).admin);
  }

  /** A visible group, locked, with the caller's view of it. Errors: 404 (unknown, another client's, private). */
  async load(tx: Tx, ctx: RequestContext, id: string): Promise<GroupView> {
    const { userId } = requireCaller(ctx);
    const row = await this.groups.lock(tx, userId, id);
    if (!row) throw Errors.notFound();
    return (await this.groups.view(tx, userId, id))!;
  }

  /** Errors: 403 'Only group administrators can do this' unless the caller administrates the group. */
  mustAdmin(v: GroupView, ctx: RequestContext): void {
    if (!this.rights(v, ctx).admin) throw refuse('forbidden', 'notAdmin');
  }

  /** Errors: 403 'No access' unless the caller reads the group (closed, not a member). */
  mustRead(v: GroupView, ctx: RequestContext): void {
    if (!this.rights(v, ctx).read) throw Errors.forbidden();
  }

  /** Adds evt.social.group.changed; closed/private groups tell their readers and `userIds` only. */
  async changed(tx: Tx, ctx: RequestContext, g: { id: string; type: string; name?: string }, action: string, userIds: string[] = [], adminIds?: string[]) {
    const { clientId } = requireCaller(ctx);
    const audience = g.type === 'public' ? undefined : [...new Set([...(await this.groups.readers(tx, g.id)), ...userIds])];
    await this.outbox.add(tx, groupEvents.groupChanged, clientId, {
      _id: g.id,
      ...(g.name ? { name: g.name } : {}),
      action,
      by: ctx.userId,
      user_ids: userIds,
      ...(adminIds ? { admin_ids: adminIds } : {}),
      userIds: audience,
    });
  }

  /** The group as the caller sees it after a change (in the change's transaction); emptied when no longer visible. */
  async fresh(tx: Tx, ctx: RequestContext, id: string): Promise<Group> {
    const { clientId, userId, admin } = requireCaller(ctx);
    const v = await this.groups.view(tx, userId, id);
    return v ? toGroup(v, admin) : goneGroup(id, clientId);
  }

  /** Makes `userId` a member (join, approve, accept) and recounts; output: whether they were added. */
  async enrol(tx: Tx, v: GroupView, userId: string): Promise<boolean> {
    const added = await this.groups.addMember(tx, { groupId: v.g.id, userId, clientId: v.g.clientId, role: 'member' });
    if (added) await this.groups.recount(tx, v.g.id);
    return added;
  }
}
