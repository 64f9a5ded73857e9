import { Inject, Injectable } from '@nestjs/common';
import { groupEvents, type groupRoutes } from '@intranet/social-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database } from '@intranet/platform-db';
import { Errors } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { canActAsOwner, canSeePending, isOwnClient } from './access.ts';
import { AuthorsService } from './authors.service.ts';
import { pageOf, refuse, GroupStateService } from './group-state.service.ts';
import { GroupsRepository } from './groups.repository.ts';
import { toGroup, toPending, toPerson } from './mapping.ts';
import { SOCIAL_OUTBOX } from './social.tokens.ts';

type In<K extends keyof typeof groupRoutes> = RouteInput<(typeof groupRoutes)[K]>;

/**
 * §7 Groups: the groups themselves, their lists, grants and ownership. Every route reads the group through the
 * repository's `view` (visibility by type in SQL: a private group is 404 to outsiders) and checks the caller's
 * standing; membership transitions are MembershipService's.
 */
@Injectable()
export class GroupsService {
  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(SOCIAL_OUTBOX) private readonly outbox: Outbox,
    private readonly authors: AuthorsService,
    private readonly state: GroupStateService,
    private readonly groups: GroupsRepository,
  ) {}

  /** §7 POST api/group/ {name, description, type, cover?}: the caller becomes owner and first member. Errors: §5 texts. */
  async groupCreate({ body }: In<'groupCreate'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    await this.authors.ensure(ctx, [userId], { field: 'owner', strict: false });
    const id = uuidv7();
    return this.db.inTenant(ctx, async (tx) => {
      const now = new Date();
      const row = { id, clientId, name: body.name, description: body.description, type: body.type, cover: body.cover ?? null };
      await this.groups.insert(tx, { ...row, ownerId: userId, membersCount: 1, createdAt: now, updatedAt: now });
      await this.groups.addMember(tx, { groupId: id, userId, clientId, role: 'owner' });
      await this.state.changed(tx, ctx, { id, type: body.type }, 'created', [userId]);
      return this.state.fresh(tx, ctx, id);
    });
  }

  /** §7 GET api/group/byUser/{id}: groups user {id} belongs to that the caller can see, by name, paged. Errors: 404 user. */
  async groupsByUser({ params, query }: In<'groupByUser'>, ctx: RequestContext) {
    const { clientId, userId, admin } = requireCaller(ctx);
    await this.authors.mustBeOfClient(ctx, params.id, 'userId');
    const p = pageOf(query);
    const out = await this.db.inTenant(ctx, (tx) => this.groups.list(tx, userId, { clientId, memberOf: params.id, search: query.search, ...p }));
    return { groups: out.rows.map((r) => toGroup(r, admin)), total: out.total, page: p.page, limit: p.limit };
  }

  /** §7 GET api/group/byClient/{id}: the catalogue (public, closed, and private ones the caller is in), by name, paged. Errors: 404 for another client. */
  async groupsByClient({ params, query }: In<'groupByClient'>, ctx: RequestContext) {
    const { clientId, userId, admin } = requireCaller(ctx);
    if (!isOwnClient(clientId, params.id)) throw Errors.notFound();
    const p = pageOf(query);
    const out = await this.db.inTenant(ctx, (tx) => this.groups.list(tx, userId, { clientId, search: query.search, ...p }));
    return { groups: out.rows.map((r) => toGroup(r, admin)), total: out.total, page: p.page, limit: p.limit };
  }

  /** GET api/group/byUser/{id}/pending: a user's open requests and invitations (the user or a client admin). Errors: 403, 404. */
  async groupPending({ params }: In<'groupPending'>, ctx: RequestContext) {
    if (!canSeePending(requireCaller(ctx), params.id)) throw Errors.forbidden();
    await this.authors.mustBeOfClient(ctx, params.id, 'userId');
    return this.db.inTenant(ctx, async (tx) => ({
      requests: toPending(await this.groups.pendingList(tx, { userId: params.id, kind: 'request' })),
      invitations: toPending(await this.groups.pendingList(tx, { userId: params.id, kind: 'invitation' })),
    }));
  }

  /** §7 GET api/group/{id}: the group and the caller's state. Errors: 404 (unknown, another client's, private and not in it). */
  async groupGet({ params }: In<'groupGet'>, ctx: RequestContext) {
    const { userId, admin } = requireCaller(ctx);
    const v = await this.db.inTenant(ctx, (tx) => this.groups.view(tx, userId, params.id));
    if (!v) throw Errors.notFound();
    return toGroup(v, admin);
  }

  /** §7 GET api/group/can_read_by/{id}: {read, write} for the caller. Errors: 404 as GET api/group/{id}. */
  async groupCanRead({ params }: In<'groupCanRead'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    const v = await this.db.inTenant(ctx, (tx) => this.groups.view(tx, userId, params.id));
    if (!v) throw Errors.notFound();
    const r = this.state.rights(v, ctx);
    return { _id: v.g.id, read: r.read, write: r.write };
  }

  /** §7 PUT api/group/{id}: group admins edit; a type change moves the group's posts on or off the wall. Errors: 404, 403, §5. */
  groupUpdate({ params, body }: In<'groupUpdate'>, ctx: RequestContext) {
    requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, params.id);
      this.state.mustAdmin(v, ctx);
      const type = body.type ?? v.g.type;
      await this.groups.update(tx, v.g.id, {
        name: body.name ?? v.g.name,
        description: body.description ?? v.g.description,
        type,
        cover: body.cover === undefined ? v.g.cover : body.cover,
      });
      if (type !== v.g.type) await this.groups.setPostsOnWall(tx, v.g.id, type === 'public');
      // The old audience learns of the change too (a group turning private leaves their catalogue).
      await this.state.changed(tx, ctx, { id: v.g.id, type: v.g.type === 'public' || type === 'public' ? 'public' : type }, 'updated');
      return this.state.fresh(tx, ctx, v.g.id);
    });
  }

  /** §7 DELETE api/group/{id}: the owner or a client admin deletes the group with its posts. Errors: 404, 403. */
  async groupDelete({ params }: In<'groupDelete'>, ctx: RequestContext) {
    const { clientId, userId, admin } = requireCaller(ctx);
    const v = await this.db.inTenant(ctx, (tx) => this.groups.view(tx, userId, params.id));
    if (!v) throw Errors.notFound();
    if (!canActAsOwner(v.role, admin)) throw refuse('forbidden', 'notOwner');
    const audience = v.g.type === 'public' ? undefined : await this.db.inTenant(ctx, (tx) => this.groups.readers(tx, v.g.id));
    // With the audited bypass (explicit client filter): a client admin deletes posts of a closed group they cannot read.
    await this.db.asSystem(`social: delete group ${v.g.id} of ${clientId}`, async (tx) => {
      await this.groups.deleteAll(tx, clientId, v.g.id);
      await this.outbox.add(tx, groupEvents.groupChanged, clientId, { _id: v.g.id, action: 'deleted', by: userId, user_ids: [], userIds: audience });
    });
    return { _id: v.g.id, deleted: true };
  }

  /** §7 POST api/group/{groupId}/grants/user/{userId} {level}: group admins grant read or write. Errors: 404, 403. */
  async groupGrantAdd({ params, body }: In<'groupGrantAdd'>, ctx: RequestContext) {
    requireCaller(ctx);
    await this.authors.mustBeOfClient(ctx, params.userId, 'userId');
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, params.groupId);
      this.state.mustAdmin(v, ctx);
      await this.groups.grant(tx, { groupId: v.g.id, userId: params.userId, clientId: v.g.clientId, level: body.level });
      await this.state.changed(tx, ctx, v.g, 'granted', [params.userId]);
      return { group_id: v.g.id, user_id: params.userId, level: body.level };
    });
  }

  /** §7 DELETE api/group/{groupId}/grants/user/{userId}: group admins remove a grant. Errors: 404, 403. */
  async groupGrantRemove({ params }: In<'groupGrantRemove'>, ctx: RequestContext) {
    requireCaller(ctx);
    await this.authors.mustBeOfClient(ctx, params.userId, 'userId');
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, params.groupId);
      this.state.mustAdmin(v, ctx);
      await this.state.changed(tx, ctx, v.g, 'ungranted', [params.userId]);
      await this.groups.ungrant(tx, v.g.id, params.userId);
      return { group_id: v.g.id, user_id: params.userId, level: 'none' as const };
    });
  }

  /**
   * §7 POST api/group/replace_owner/{userId}/{clientId} {owner?}: client admins move every group {userId} owns in
   * the client (private ones too) to `owner` (default: the caller), in one transaction. Errors: 404 (other client,
   * unknown user).
   */
  async groupReplaceOwner({ params, body }: In<'groupReplaceOwner'>, ctx: RequestContext) {
    const { clientId, userId } = requireCaller(ctx);
    if (!isOwnClient(clientId, params.clientId)) throw Errors.notFound();
    const owner = body.owner ?? userId;
    await this.authors.mustBeOfClient(ctx, params.userId, 'userId');
    await this.authors.ensure(ctx, [owner], { field: 'owner', strict: true });
    const moved = await this.db.asSystem(`social: replace_owner ${params.userId} → ${owner} in ${clientId}`, async (tx) => {
      const ids = await this.groups.replaceOwner(tx, clientId, params.userId, owner);
      for (const id of ids) {
        const people = [params.userId, owner];
        await this.outbox.add(tx, groupEvents.groupChanged, clientId, { _id: id, action: 'owner', by: userId, user_ids: people, userIds: people });
      }
      return ids;
    });
    return { moved: moved.length, owner };
  }

  /** §7 PUT api/group/{groupId}/owner/{newOwner}: the owner (or a client admin) hands over to a member; the old owner stays an admin. */
  groupSetOwner({ params }: In<'groupSetOwner'>, ctx: RequestContext) {
    const { admin } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.state.load(tx, ctx, params.groupId);
      if (!canActAsOwner(v.role, admin)) throw refuse('forbidden', 'notOwner');
      if (!(await this.groups.roleOf(tx, v.g.id, params.newOwner))) throw refuse('validation', 'notMember', 'newOwner');
      if (params.newOwner !== v.g.ownerId) {
        await this.groups.setRole(tx, v.g.id, v.g.ownerId, 'admin');
        await this.groups.setRole(tx, v.g.id, params.newOwner, 'owner');
        await this.groups.update(tx, v.g.id, { ownerId: params.newOwner });
        await this.state.changed(tx, ctx, v.g, 'owner', [v.g.ownerId, params.newOwner]);
      }
      return this.state.fresh(tx, ctx, v.g.id);
    });
  }

  /** GET api/group/{id}/members: readers only (403 closed, 404 private), owner and admins first, paged. */
  groupMembers({ params, query }: In<'groupMembers'>, ctx: RequestContext) {
    const { userId } = requireCaller(ctx);
    const p = pageOf(query);
    return this.db.inTenant(ctx, async (tx) => {
      const v = await this.groups.view(tx, userId, params.id);
      if (!v) throw Errors.notFound();
      this.state.mustRead(v, ctx);
      const out = await this.groups.members(tx, v.g.id, { search: query.search, ...p });
      return {
        members: out.rows.map((m) => ({ ...toPerson(m.userId, m.person), role: m.role, since: m.createdAt.toISOString() })),
        total: out.total,
        page: p.page,
        limit: p.limit,
      };
    });
  }
}
