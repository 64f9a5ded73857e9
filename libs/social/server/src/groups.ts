import { randomUUID } from 'node:crypto';
import {
  GROUP_CODES,
  GROUP_PAGE_SIZE,
  GROUP_TEXT,
  groupEvents,
  type Group,
  type GroupPending,
  type Idea,
  type ViolReport,
  type groupRoutes,
  type ideaRoutes,
} from '@intranet/social-contract';
import type { RequestContext, RouteHandlers } from '@intranet/platform-bus';
import { uuidv7, type Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import { groupsRepository, ideasRepository, reportsRepository, type GroupView } from './groups-repository.ts';
import { isAdmin, toAuthor } from './mapping.ts';
import type { IdeaRow, ViolReportRow } from './schema.ts';
import type { Kit } from './support.ts';

/** A §4/§8 group refusal with its stable code (the web words it): `kind` gives the HTTP status. */
const refuse = (kind: 'conflict' | 'forbidden' | 'validation', key: keyof typeof GROUP_TEXT, field?: string) =>
  new DomainError(kind, GROUP_TEXT[key], {
    code: GROUP_CODES[key],
    errors: field ? [{ field, message: GROUP_TEXT[key], code: GROUP_CODES[key] }] : undefined,
  });

/** 403 'Only members can post in this group' (POST api/post into a group one may not write to). */
export const refuseNotMember = () => refuse('forbidden', 'notAllowed');

const person = (id: string, a: Parameters<typeof toAuthor>[1]) => {
  const p = toAuthor(id, a);
  return { _id: p._id, fullName: p.fullName, avatar: p.avatar, position: p.position };
};

/** What the caller may do in a group (members post; grant holders read or write; group and client admins administrate). */
export function rightsOf(v: GroupView, ctx: RequestContext) {
  const member = v.role !== null;
  return {
    read: v.g.type === 'public' || member || v.grant !== null,
    write: member || v.grant === 'write',
    admin: v.role === 'owner' || v.role === 'admin' || isAdmin(ctx),
  };
}

/** Row → §3 Group with the caller's state. */
export function toGroup(v: GroupView, ctx: RequestContext): Group {
  const r = rightsOf(v, ctx);
  return {
    _id: v.g.id,
    client_id: v.g.clientId,
    name: v.g.name,
    description: v.g.description,
    type: v.g.type,
    cover: v.g.cover,
    owner: v.g.ownerId,
    admins: v.admins ?? [],
    members_count: v.g.membersCount,
    requests_count: r.admin ? v.requests : 0,
    invitations_count: r.admin ? v.invitations : 0,
    state: v.role ?? (v.pending === 'request' ? 'requested' : v.pending === 'invitation' ? 'invited' : 'none'),
    can_read: r.read,
    can_post: r.write,
    can_admin: r.admin,
    created: v.g.createdAt.toISOString(),
    updated: v.g.updatedAt.toISOString(),
  };
}

const toIdea = (r: IdeaRow): Idea => ({
  _id: r.id,
  author_id: r.authorId,
  author: r.author,
  current: r.current,
  improvement: r.improvement,
  changes: r.changes,
  results: r.results,
  status: r.status,
  created: r.createdAt.toISOString(),
  updated: r.updatedAt.toISOString(),
});
const toReport = (r: ViolReportRow): ViolReport => ({ _id: r.id, anonymous: r.anonymous, name: r.name, text: r.text, day: r.day, handled: r.handled });

const pageOf = (q: { page?: number; limit?: number }) => {
  const page = q.page ?? 1;
  const limit = q.limit ?? GROUP_PAGE_SIZE;
  return { page, limit, offset: (page - 1) * limit };
};

/**
 * §7 Groups and the §4 Group transitions. Every route reads the group through `groupsRepository.view` (visibility
 * by type in SQL: a private group is 404 to outsiders), checks the caller's standing, changes in one transaction and
 * writes evt.social.group.changed through the outbox (audience: the group's readers, unless the group is public).
 */
export function groupHandlers(kit: Kit): RouteHandlers<typeof groupRoutes> {
  const { db, outbox } = kit;

  /** A visible group, locked, with the caller's view of it; 404 otherwise. */
  const load = async (tx: Tx, ctx: RequestContext, id: string) => {
    const row = await groupsRepository.lock(tx, ctx.userId, id);
    if (!row) throw Errors.notFound();
    return (await groupsRepository.view(tx, ctx.userId, id))!;
  };
  const mustAdmin = (v: GroupView, ctx: RequestContext) => {
    if (!rightsOf(v, ctx).admin) throw refuse('forbidden', 'notAdmin');
  };
  const mustRead = (v: GroupView, ctx: RequestContext) => {
    if (!rightsOf(v, ctx).read) throw Errors.forbidden();
  };
  /** A user id of a path: a user of the caller's client, else 404. */
  const userOfClient = async (ctx: RequestContext, id: string) => {
    try {
      await kit.ensureAuthors(ctx, [id], { field: 'userId', strict: true });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'validation') throw Errors.notFound();
      throw err;
    }
  };
  /** Adds evt.social.group.changed; closed/private groups tell their readers and `userIds` only. */
  const changed = async (
    tx: Tx,
    ctx: RequestContext,
    g: { id: string; type: string; name?: string },
    action: string,
    userIds: string[] = [],
    adminIds?: string[],
  ) => {
    const audience = g.type === 'public' ? undefined : [...new Set([...(await groupsRepository.readers(tx, g.id)), ...userIds])];
    await outbox.add(tx, groupEvents.groupChanged, kit.clientOf(ctx), {
      _id: g.id,
      ...(g.name ? { name: g.name } : {}),
      action,
      by: ctx.userId,
      user_ids: userIds,
      ...(adminIds ? { admin_ids: adminIds } : {}),
      userIds: audience,
    });
  };
  /** The group as the caller sees it after a change (in the change's transaction). */
  const fresh = async (tx: Tx, ctx: RequestContext, id: string): Promise<Group> => {
    const v = await groupsRepository.view(tx, ctx.userId, id);
    if (!v) return { ...EMPTY_GONE, _id: id, client_id: ctx.clientId ?? '' };
    return toGroup(v, ctx);
  };
  const pendingOut = (rows: Awaited<ReturnType<typeof groupsRepository.pendingList>>): GroupPending[] =>
    rows.map((r) => ({
      kind: r.p.kind,
      group_id: r.p.groupId,
      group_name: r.groupName,
      group_type: r.groupType,
      user: person(r.p.userId, r.person),
      by: r.p.byId,
      status: r.p.status,
      created: r.p.createdAt.toISOString(),
    }));

  /** Becomes a member (join, approve, accept). */
  const enrol = async (tx: Tx, ctx: RequestContext, v: GroupView, userId: string) => {
    const added = await groupsRepository.addMember(tx, { groupId: v.g.id, userId, clientId: v.g.clientId, role: 'member' });
    if (added) await groupsRepository.recount(tx, v.g.id);
    return added;
  };

  return {
    /** §7 POST api/group/ {name, description, type, cover?}: the caller becomes owner and first member. Errors: §5 texts. */
    groupCreate: async ({ body }, ctx) => {
      const clientId = kit.clientOf(ctx);
      const userId = kit.userOf(ctx);
      await kit.ensureAuthors(ctx, [userId], { field: 'owner', strict: false });
      const id = uuidv7();
      return db.inTenant(ctx, async (tx) => {
        const now = new Date();
        await groupsRepository.insert(tx, {
          id,
          clientId,
          name: body.name,
          description: body.description,
          type: body.type,
          cover: body.cover ?? null,
          ownerId: userId,
          membersCount: 1,
          createdAt: now,
          updatedAt: now,
        });
        await groupsRepository.addMember(tx, { groupId: id, userId, clientId, role: 'owner' });
        await changed(tx, ctx, { id, type: body.type }, 'created', [userId]);
        return fresh(tx, ctx, id);
      });
    },

    /** §7 GET api/group/byUser/{id}: groups user {id} belongs to that the caller can see, by name, paged. Errors: 404 user. */
    groupsByUser: async ({ params, query }, ctx) => {
      const clientId = kit.clientOf(ctx);
      await userOfClient(ctx, params.id);
      const p = pageOf(query);
      const out = await db.inTenant(ctx, (tx) => groupsRepository.list(tx, ctx.userId, { clientId, memberOf: params.id, search: query.search, ...p }));
      return { groups: out.rows.map((r) => toGroup(r, ctx)), total: out.total, page: p.page, limit: p.limit };
    },

    /** §7 GET api/group/byClient/{id}: the catalogue (public, closed, and private ones the caller is in), by name, paged. Errors: 404 for another client. */
    groupsByClient: async ({ params, query }, ctx) => {
      const clientId = kit.clientOf(ctx);
      if (params.id !== clientId) throw Errors.notFound();
      const p = pageOf(query);
      const out = await db.inTenant(ctx, (tx) => groupsRepository.list(tx, ctx.userId, { clientId, search: query.search, ...p }));
      return { groups: out.rows.map((r) => toGroup(r, ctx)), total: out.total, page: p.page, limit: p.limit };
    },

    /** GET api/group/byUser/{id}/pending: a user's open requests and invitations (the user or a client admin). */
    groupPending: async ({ params }, ctx) => {
      kit.clientOf(ctx);
      if (params.id !== ctx.userId && !isAdmin(ctx)) throw Errors.forbidden();
      await userOfClient(ctx, params.id);
      return db.inTenant(ctx, async (tx) => ({
        requests: pendingOut(await groupsRepository.pendingList(tx, { userId: params.id, kind: 'request' })),
        invitations: pendingOut(await groupsRepository.pendingList(tx, { userId: params.id, kind: 'invitation' })),
      }));
    },

    /** §7 GET api/group/{id}: the group and the caller's state. Errors: 404 (unknown, another client's, private and not in it). */
    groupGet: async ({ params }, ctx) => {
      kit.clientOf(ctx);
      const v = await db.inTenant(ctx, (tx) => groupsRepository.view(tx, ctx.userId, params.id));
      if (!v) throw Errors.notFound();
      return toGroup(v, ctx);
    },

    /** §7 GET api/group/can_read_by/{id}: {read, write} for the caller. Errors: 404 as GET api/group/{id}. */
    groupCanRead: async ({ params }, ctx) => {
      kit.clientOf(ctx);
      const v = await db.inTenant(ctx, (tx) => groupsRepository.view(tx, ctx.userId, params.id));
      if (!v) throw Errors.notFound();
      const r = rightsOf(v, ctx);
      return { _id: v.g.id, read: r.read, write: r.write };
    },

    /** §7 PUT api/group/{id}: group admins edit; a type change moves the group's posts on or off the wall. Errors: 404, 403, §5. */
    groupUpdate: async ({ params, body }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.id);
        mustAdmin(v, ctx);
        await groupsRepository.update(tx, v.g.id, {
          name: body.name ?? v.g.name,
          description: body.description ?? v.g.description,
          type: body.type ?? v.g.type,
          cover: body.cover === undefined ? v.g.cover : body.cover,
        });
        const type = body.type ?? v.g.type;
        if (type !== v.g.type) await groupsRepository.setPostsOnWall(tx, v.g.id, type === 'public');
        // The old audience learns of the change too (a group turning private leaves their catalogue).
        await changed(tx, ctx, { id: v.g.id, type: v.g.type === 'public' || type === 'public' ? 'public' : type }, 'updated');
        return fresh(tx, ctx, v.g.id);
      }),

    /** §7 DELETE api/group/{id}: the owner or a client admin deletes the group with its posts. Errors: 404, 403. */
    groupDelete: async ({ params }, ctx) => {
      const clientId = kit.clientOf(ctx);
      const v = await db.inTenant(ctx, (tx) => groupsRepository.view(tx, ctx.userId, params.id));
      if (!v) throw Errors.notFound();
      if (v.role !== 'owner' && !isAdmin(ctx)) throw refuse('forbidden', 'notOwner');
      const audience = v.g.type === 'public' ? undefined : await db.inTenant(ctx, (tx) => groupsRepository.readers(tx, v.g.id));
      // With the audited bypass (explicit client filter): a client admin deletes posts of a closed group they cannot read.
      await db.asSystem(`social: delete group ${v.g.id} of ${clientId}`, async (tx) => {
        await groupsRepository.deleteAll(tx, clientId, v.g.id);
        await outbox.add(tx, groupEvents.groupChanged, clientId, { _id: v.g.id, action: 'deleted', by: ctx.userId, user_ids: [], userIds: audience });
      });
      return { _id: v.g.id, deleted: true };
    },

    /** §7 POST api/group/{groupId}/grants/user/{userId} {level}: group admins grant read or write. Errors: 404, 403. */
    groupGrantAdd: async ({ params, body }, ctx) => {
      await userOfClient(ctx, params.userId);
      return db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.groupId);
        mustAdmin(v, ctx);
        await groupsRepository.grant(tx, { groupId: v.g.id, userId: params.userId, clientId: v.g.clientId, level: body.level });
        await changed(tx, ctx, v.g, 'granted', [params.userId]);
        return { group_id: v.g.id, user_id: params.userId, level: body.level };
      });
    },

    /** §7 DELETE api/group/{groupId}/grants/user/{userId}: group admins remove a grant. Errors: 404, 403. */
    groupGrantRemove: async ({ params }, ctx) => {
      await userOfClient(ctx, params.userId);
      return db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.groupId);
        mustAdmin(v, ctx);
        await changed(tx, ctx, v.g, 'ungranted', [params.userId]);
        await groupsRepository.ungrant(tx, v.g.id, params.userId);
        return { group_id: v.g.id, user_id: params.userId, level: 'none' as const };
      });
    },

    /**
     * §7 POST api/group/replace_owner/{userId}/{clientId} {owner?}: client admins move every group {userId} owns in
     * the client (private ones too) to `owner` (default: the caller), in one transaction. Errors: 404 (other client,
     * unknown user).
     */
    groupReplaceOwner: async ({ params, body }, ctx) => {
      const clientId = kit.clientOf(ctx);
      if (params.clientId !== clientId) throw Errors.notFound();
      const owner = body.owner ?? kit.userOf(ctx);
      await userOfClient(ctx, params.userId);
      await kit.ensureAuthors(ctx, [owner], { field: 'owner', strict: true });
      const moved = await db.asSystem(`social: replace_owner ${params.userId} → ${owner} in ${clientId}`, async (tx) => {
        const ids = await groupsRepository.replaceOwner(tx, clientId, params.userId, owner);
        for (const id of ids)
          await outbox.add(tx, groupEvents.groupChanged, clientId, {
            _id: id,
            action: 'owner',
            by: ctx.userId,
            user_ids: [params.userId, owner],
            userIds: [params.userId, owner],
          });
        return ids;
      });
      return { moved: moved.length, owner };
    },

    /** §7 PUT api/group/{groupId}/owner/{newOwner}: the owner (or a client admin) hands over to a member; the old owner stays an admin. */
    groupSetOwner: async ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.groupId);
        if (v.role !== 'owner' && !isAdmin(ctx)) throw refuse('forbidden', 'notOwner');
        if (!(await groupsRepository.roleOf(tx, v.g.id, params.newOwner))) throw refuse('validation', 'notMember', 'newOwner');
        if (params.newOwner !== v.g.ownerId) {
          await groupsRepository.setRole(tx, v.g.id, v.g.ownerId, 'admin');
          await groupsRepository.setRole(tx, v.g.id, params.newOwner, 'owner');
          await groupsRepository.update(tx, v.g.id, { ownerId: params.newOwner });
          await changed(tx, ctx, v.g, 'owner', [v.g.ownerId, params.newOwner]);
        }
        return fresh(tx, ctx, v.g.id);
      }),

    /** GET api/group/{id}/members: readers only (403 closed, 404 private), owner and admins first, paged. */
    groupMembers: async ({ params, query }, ctx) => {
      kit.clientOf(ctx);
      const p = pageOf(query);
      return db.inTenant(ctx, async (tx) => {
        const v = await groupsRepository.view(tx, ctx.userId, params.id);
        if (!v) throw Errors.notFound();
        mustRead(v, ctx);
        const out = await groupsRepository.members(tx, v.g.id, { search: query.search, ...p });
        return {
          members: out.rows.map((m) => ({ ...person(m.userId, m.person), role: m.role, since: m.createdAt.toISOString() })),
          total: out.total,
          page: p.page,
          limit: p.limit,
        };
      });
    },

    /**
     * POST api/group/{id}/join (§4): an invitation pending → accepted; public → member at once; closed → a request
     * (kept if one is open); private → refused. Errors: 404, 409 'You are already a member of this group', 403.
     */
    groupJoin: async ({ params }, ctx) => {
      const userId = kit.userOf(ctx);
      await kit.ensureAuthors(ctx, [userId], { field: 'user', strict: false });
      return db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.id);
        if (v.role) throw refuse('conflict', 'alreadyMember');
        const invitation = await groupsRepository.openPending(tx, v.g.id, userId, 'invitation');
        if (invitation) {
          await groupsRepository.decide(tx, invitation.id, 'accepted', userId);
          await enrol(tx, ctx, v, userId);
          await changed(tx, ctx, v.g, 'accepted', [userId]);
        } else if (v.g.type === 'public') {
          await enrol(tx, ctx, v, userId);
          await changed(tx, ctx, v.g, 'joined', [userId]);
        } else if (v.g.type === 'closed') {
          if (await groupsRepository.addPending(tx, { id: uuidv7(), groupId: v.g.id, userId, clientId: v.g.clientId, kind: 'request', byId: userId }))
            await changed(tx, ctx, v.g, 'requested', [userId], await groupsRepository.deciders(tx, v.g.id));
        } else throw refuse('forbidden', 'privateJoin');
        return fresh(tx, ctx, v.g.id);
      });
    },

    /** POST api/group/{id}/leave (§4): a member leaves; the owner must hand over first (409). */
    groupLeave: async ({ params }, ctx) => {
      const userId = kit.userOf(ctx);
      return db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.id);
        if (!v.role) throw refuse('conflict', 'notMember');
        if (v.role === 'owner') throw refuse('conflict', 'ownerCannotLeave');
        await changed(tx, ctx, v.g, 'left', [userId]);
        await groupsRepository.removeMember(tx, v.g.id, userId);
        await groupsRepository.recount(tx, v.g.id);
        return fresh(tx, ctx, v.g.id);
      });
    },

    /** GET api/group/{id}/requests: open requests (group admins). Errors: 404, 403. */
    groupRequests: async ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.id);
        mustAdmin(v, ctx);
        return pendingOut(await groupsRepository.pendingList(tx, { groupId: v.g.id, kind: 'request' }));
      }),

    /** DELETE api/group/{id}/requests: the asker cancels their open request. Errors: 404, 409 'There is no pending request'. */
    groupRequestCancel: async ({ params }, ctx) => {
      const userId = kit.userOf(ctx);
      return db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.id);
        const open = await groupsRepository.openPending(tx, v.g.id, userId, 'request');
        if (!open) throw refuse('conflict', 'noRequest');
        await groupsRepository.decide(tx, open.id, 'cancelled', userId);
        await changed(tx, ctx, v.g, 'cancelled', [userId]);
        return fresh(tx, ctx, v.g.id);
      });
    },

    /** POST api/group/{groupId}/requests/{userId}/approve: a group admin approves; the asker becomes a member. Errors: 404, 403, 409. */
    groupRequestApprove: async ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.groupId);
        mustAdmin(v, ctx);
        const open = await groupsRepository.openPending(tx, v.g.id, params.userId, 'request');
        if (!open) throw refuse('conflict', 'noRequest');
        await groupsRepository.decide(tx, open.id, 'approved', ctx.userId);
        await enrol(tx, ctx, v, params.userId);
        await changed(tx, ctx, v.g, 'approved', [params.userId]);
        return fresh(tx, ctx, v.g.id);
      }),

    /** POST api/group/{groupId}/requests/{userId}/reject: a group admin rejects. Errors: 404, 403, 409. */
    groupRequestReject: async ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.groupId);
        mustAdmin(v, ctx);
        const open = await groupsRepository.openPending(tx, v.g.id, params.userId, 'request');
        if (!open) throw refuse('conflict', 'noRequest');
        await groupsRepository.decide(tx, open.id, 'rejected', ctx.userId);
        await changed(tx, ctx, v.g, 'rejected', [params.userId]);
        return fresh(tx, ctx, v.g.id);
      }),

    /** GET api/group/{id}/invitations: open invitations (group admins). Errors: 404, 403. */
    groupInvitations: async ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.id);
        mustAdmin(v, ctx);
        return pendingOut(await groupsRepository.pendingList(tx, { groupId: v.g.id, kind: 'invitation' }));
      }),

    /** POST api/group/{id}/invitations {user_ids}: group admins invite colleagues (members and the already invited are skipped). Errors: 404, 403, 'User not found'. */
    groupInvite: async ({ params, body }, ctx) => {
      await kit.ensureAuthors(ctx, body.user_ids, { field: 'user_ids', strict: true });
      return db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.id);
        mustAdmin(v, ctx);
        const invited: string[] = [];
        for (const u of new Set(body.user_ids)) {
          if (await groupsRepository.roleOf(tx, v.g.id, u)) continue;
          if (await groupsRepository.addPending(tx, { id: uuidv7(), groupId: v.g.id, userId: u, clientId: v.g.clientId, kind: 'invitation', byId: ctx.userId }))
            invited.push(u);
        }
        if (invited.length) await changed(tx, ctx, v.g, 'invited', invited);
        return fresh(tx, ctx, v.g.id);
      });
    },

    /** POST api/group/{id}/invitations/accept: the invited user becomes a member. Errors: 404, 409 'There is no pending invitation'. */
    groupInvitationAccept: async ({ params }, ctx) => {
      const userId = kit.userOf(ctx);
      await kit.ensureAuthors(ctx, [userId], { field: 'user', strict: false });
      return db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.id);
        const open = await groupsRepository.openPending(tx, v.g.id, userId, 'invitation');
        if (!open) throw refuse('conflict', 'noInvitation');
        await groupsRepository.decide(tx, open.id, 'accepted', userId);
        await enrol(tx, ctx, v, userId);
        await changed(tx, ctx, v.g, 'accepted', [userId]);
        return fresh(tx, ctx, v.g.id);
      });
    },

    /** POST api/group/{id}/invitations/decline: the invited user declines (a private group disappears for them again). */
    groupInvitationDecline: async ({ params }, ctx) => {
      const userId = kit.userOf(ctx);
      return db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.id);
        const open = await groupsRepository.openPending(tx, v.g.id, userId, 'invitation');
        if (!open) throw refuse('conflict', 'noInvitation');
        await groupsRepository.decide(tx, open.id, 'declined', userId);
        await changed(tx, ctx, v.g, 'declined', [userId]);
        return fresh(tx, ctx, v.g.id);
      });
    },

    /**
     * DELETE api/group/{groupId}/invitations/{userId}: a group admin withdraws a pending invitation (it ends as
     * cancelled, decided by the admin; evt.social.group.changed 'withdrawn' to the invitee). Errors: 404, 403, 409
     * 'There is no pending invitation'.
     */
    groupInvitationWithdraw: async ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.groupId);
        mustAdmin(v, ctx);
        const open = await groupsRepository.openPending(tx, v.g.id, params.userId, 'invitation');
        if (!open) throw refuse('conflict', 'noInvitation');
        await groupsRepository.decide(tx, open.id, 'cancelled', ctx.userId);
        await changed(tx, ctx, v.g, 'withdrawn', [params.userId]);
        return fresh(tx, ctx, v.g.id);
      }),

    /** DELETE api/group/{groupId}/members/{userId}: group admins remove a member, never the owner. Errors: 404, 403, 409. */
    groupMemberRemove: async ({ params }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.groupId);
        mustAdmin(v, ctx);
        const role = await groupsRepository.roleOf(tx, v.g.id, params.userId);
        if (!role) throw refuse('conflict', 'notMember');
        if (role === 'owner') throw refuse('conflict', 'ownerCannotBeRemoved');
        await changed(tx, ctx, v.g, 'removed', [params.userId]);
        await groupsRepository.removeMember(tx, v.g.id, params.userId);
        await groupsRepository.recount(tx, v.g.id);
        return fresh(tx, ctx, v.g.id);
      }),

    /** PUT api/group/{groupId}/members/{userId}/admin {admin}: the owner (or a client admin) sets a member's admin flag. */
    groupMemberAdmin: async ({ params, body }, ctx) =>
      db.inTenant(ctx, async (tx) => {
        const v = await load(tx, ctx, params.groupId);
        if (v.role !== 'owner' && !isAdmin(ctx)) throw refuse('forbidden', 'notOwner');
        const role = await groupsRepository.roleOf(tx, v.g.id, params.userId);
        if (!role) throw refuse('conflict', 'notMember');
        if (role === 'owner') throw refuse('conflict', 'ownerCannotBeRemoved');
        await groupsRepository.setRole(tx, v.g.id, params.userId, body.admin ? 'admin' : 'member');
        await changed(tx, ctx, v.g, 'admin', [params.userId]);
        return fresh(tx, ctx, v.g.id);
      }),
  };
}

/** What a change answers when its own caller can no longer see the group (left a private group). */
const EMPTY_GONE: Omit<Group, '_id' | 'client_id'> = {
  name: '',
  description: '',
  type: 'private',
  cover: null,
  owner: '',
  admins: [],
  members_count: 0,
  requests_count: 0,
  invitations_count: 0,
  state: 'none',
  can_read: false,
  can_post: false,
  can_admin: false,
  created: new Date(0).toISOString(),
  updated: new Date(0).toISOString(),
};

/** UTC day of now (YYYY-MM-DD): the only time a violation report keeps. */
export const today = () => new Date().toISOString().slice(0, 10);

/** §7 send_idea and the ideas list; send_viol_report and the reports list ("Don't be silent"). */
export function ideaHandlers(kit: Kit): RouteHandlers<typeof ideaRoutes> {
  const { db, outbox } = kit;
  return {
    /** §7 POST api/user/send_idea {author, current, improvement, changes, results} (all required, §5). Output: the stored idea (status new). */
    sendIdea: async ({ body }, ctx) => {
      const clientId = kit.clientOf(ctx);
      const userId = kit.userOf(ctx);
      return db.inTenant(ctx, async (tx) => {
        const now = new Date();
        const row = await ideasRepository.insert(tx, { id: uuidv7(), clientId, authorId: userId, ...body, status: 'new', createdAt: now, updatedAt: now });
        await outbox.add(tx, groupEvents.ideaSent, clientId, { _id: row.id, author_id: userId });
        return toIdea(row);
      });
    },

    /** GET api/idea ?status&mine&page&limit: every idea of the client for admins, one's own otherwise; newest first. */
    ideas: async ({ query }, ctx) => {
      kit.clientOf(ctx);
      const userId = kit.userOf(ctx);
      const p = pageOf(query);
      const own = !isAdmin(ctx) || !!query.mine;
      const out = await db.inTenant(ctx, (tx) => ideasRepository.list(tx, { authorId: own ? userId : undefined, status: query.status, ...p }));
      return { ideas: out.rows.map(toIdea), total: out.total, page: p.page, limit: p.limit };
    },

    /** PUT api/idea/{id}/status {status} (admins): accepting (from another status) raises evt.social.idea.accepted. Errors: 404. */
    ideaStatus: async ({ params, body }, ctx) => {
      const clientId = kit.clientOf(ctx);
      return db.inTenant(ctx, async (tx) => {
        const cur = await ideasRepository.byId(tx, params.id);
        if (!cur) throw Errors.notFound();
        const row = await ideasRepository.setStatus(tx, cur.id, body.status);
        if (cur.status !== body.status) {
          await outbox.add(tx, groupEvents.ideaStatusChanged, clientId, { _id: row.id, author_id: row.authorId, status: row.status, userIds: [row.authorId] });
          if (body.status === 'accepted') await outbox.add(tx, groupEvents.ideaAccepted, clientId, { _id: row.id, author_id: row.authorId, by: ctx.userId });
        }
        return toIdea(row);
      });
    },

    /**
     * §7 POST api/user/send_viol_report {anonymous, name?, text} — an anonymous route: the gateway sends only the
     * tenant (`ctx.userId` is null here) and logs nothing of the call. Stored: a random id, the client, the name
     * only when the sender chose to sign, the text and the UTC day. The event carries the day only. Nothing is logged.
     */
    sendViolReport: async ({ body }, ctx) => {
      const clientId = kit.clientOf(ctx);
      const day = today();
      await db.inTenant({ clientId, userId: null }, async (tx) => {
        await reportsRepository.insert(tx, {
          id: randomUUID(),
          clientId,
          anonymous: body.anonymous,
          name: body.anonymous ? null : (body.name ?? null),
          text: body.text,
          day,
        });
        await outbox.add(tx, groupEvents.violReportSent, clientId, { day });
      });
      return { sent: true, day };
    },

    /** GET api/viol_report ?handled&page&limit (admins): newest day first. */
    violReports: async ({ query }, ctx) => {
      kit.clientOf(ctx);
      const p = pageOf(query);
      const out = await db.inTenant(ctx, (tx) =>
        reportsRepository.list(tx, { handled: query.handled === undefined ? undefined : query.handled === '1', ...p }),
      );
      return { reports: out.rows.map(toReport), total: out.total, page: p.page, limit: p.limit };
    },

    /** PUT api/viol_report/{id}/handled {handled} (admins). Errors: 404. */
    violReportHandled: async ({ params, body }, ctx) => {
      const clientId = kit.clientOf(ctx);
      return db.inTenant(ctx, async (tx) => {
        const r = await reportsRepository.setHandled(tx, params.id, body.handled);
        if (!r) throw Errors.notFound();
        await outbox.add(tx, groupEvents.violReportHandled, clientId, { _id: r.id, handled: r.handled });
        return toReport(r);
      });
    },
  };
}
