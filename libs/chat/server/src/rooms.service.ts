import { Inject, Injectable } from '@nestjs/common';
import { CHAT_ROOMS_PAGE, chatEvents, type ChatRoom, type chatRoutes } from '@intranet/chat-contract';
import { requireCaller, type RequestContext } from '@intranet/platform-bus';
import type { Config } from '@intranet/platform-config';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database, type Tx } from '@intranet/platform-db';
import { Errors, GENERIC } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { canChangeRoom, canDeleteRoom, canLeaveRoom, canListRooms } from './access.ts';
import { ChatRepository, roomCursorOf } from './chat.repository.ts';
import { ChatFilesService } from './files.service.ts';
import { seenBy, toMember, toSummary } from './mapping.ts';
import { ChatPeopleService } from './people.service.ts';

type In<K extends keyof typeof chatRoutes> = RouteInput<(typeof chatRoutes)[K]>;

const unique = (ids: string[]) => [...new Set(ids.map((s) => s.toLowerCase()))];
const summaryOf = (room: ChatRoom) => {
  const { members: _m, ...s } = room;
  return s;
};

/** The secret file URLs are signed with (the gateway checks the same signature). Errors: missing (a start-up error). */
export function fileSecret(config: Pick<Config, 'JWT_SECRET'>): string {
  if (!config.JWT_SECRET) throw new Error('JWT_SECRET is needed to sign file URLs');
  return config.JWT_SECRET;
}

/**
 * Chat rooms (§7 Chat): the caller's room list, one room, direct and group rooms created, changed, deleted and left.
 * Each change is one transaction in the caller's tenant and writes its events to the outbox in it, addressed to the
 * room's members of that moment (`audience`). A non-member finds no room (404).
 */
@Injectable()
export class RoomsService {
  private readonly secret: string;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    @Inject(PORTS.config) config: Config,
    private readonly repo: ChatRepository,
    private readonly people: ChatPeopleService,
    private readonly files: ChatFilesService,
  ) {
    this.secret = fileSecret(config);
  }

  /** One room as its member `me` sees it (members, last message, unread); undefined for a non-member. */
  async view(tx: Tx, roomId: string, me: string): Promise<ChatRoom | undefined> {
    const found = await this.repo.roomOf(tx, roomId, me);
    if (!found) return undefined;
    const list = await this.repo.membersOf(tx, roomId);
    const last = found.room.lastMsgId ? ((await this.repo.message(tx, found.room.lastMsgId)) ?? null) : null;
    const peer = found.room.directKey ? (list.find((m) => m.userId !== me) ?? null) : null;
    const seen = last ? seenBy(list)({ id: last.id, senderId: last.senderId }) : false;
    return {
      ...toSummary(found.room, { unread: found.me.unread, last, lastSeen: seen, peer }, this.secret),
      members: list.map((m) => toMember(m, found.room.ownerId)),
    };
  }

  /**
   * §7 GET api/chat/rooms/{id}?search&before&limit: the rooms of user {id} — the caller only (403 for anyone else) —
   * latest activity first, 50 a page by keyset (`next`), each with its last message and the caller's unread count,
   * plus `unread_total` (the menu badge; sums of kept counters, nothing is counted on read).
   */
  async roomList({ params, query }: In<'roomList'>, ctx: RequestContext) {
    const { userId: me } = requireCaller(ctx);
    if (!canListRooms(me, params.id)) throw Errors.forbidden();
    const limit = query.limit ?? CHAT_ROOMS_PAGE;
    return this.db.inTenant(ctx, async (tx) => {
      const rows = await this.repo.roomList(tx, me, { search: query.search || undefined, before: query.before, limit });
      const page = rows.slice(0, limit);
      const peers = await this.repo.peers(
        tx,
        page.filter((r) => r.room.directKey).map((r) => r.room.id),
        me,
      );
      const unreadTotal = await this.repo.unreadTotal(tx, me);
      const last = page.at(-1)?.room;
      return {
        rooms: page.map((r) =>
          toSummary(r.room, { unread: r.unread, last: r.last, lastSeen: Boolean(r.lastSeen), peer: peers.get(r.room.id) ?? null }, this.secret),
        ),
        unread_total: unreadTotal,
        next: rows.length > limit && last ? roomCursorOf(last.lastAt, last.id) : null,
      };
    });
  }

  /** GET api/chat/room/{id}: one room with its members and their read positions. Errors: 404 for a non-member. */
  async roomGet({ params }: In<'roomGet'>, ctx: RequestContext): Promise<ChatRoom> {
    const { userId: me } = requireCaller(ctx);
    const room = await this.db.inTenant(ctx, (tx) => this.view(tx, params.id, me));
    if (!room) throw Errors.notFound();
    return room;
  }

  /**
   * §7 POST api/chat/room {direct, name, members}: a direct room with one colleague (the pair's existing room is
   * returned: one per pair) or a group room the caller owns. Publishes evt.chat.room.created to the members.
   * Errors: 'Field is required' (name, members), 'Invalid value' (a direct room names one other person), 'User
   * not found' (an unknown or another client's user).
   */
  async roomCreate({ body }: In<'roomCreate'>, ctx: RequestContext): Promise<ChatRoom> {
    const { clientId, userId: me } = requireCaller(ctx);
    const others = unique(body.members).filter((id) => id !== me);
    if (body.direct && others.length !== 1) throw Errors.fieldCoded('members', GENERIC.invalidValue);
    if (!body.direct && !others.length) throw Errors.fieldCoded('members', GENERIC.required);
    await this.people.ensure(ctx, clientId, others, 'members');
    await this.people.ensure(ctx, clientId, [me], 'me', false);
    const roomId = await this.db.inTenant(ctx, async (tx) => {
      if (body.direct) {
        const directKey = [me, others[0]].sort().join(':');
        const existing = await this.repo.directRoom(tx, directKey);
        if (existing) return existing.id;
        const made = await this.repo.insertRoom(tx, { id: uuidv7(), clientId, directKey, name: null, ownerId: null });
        // A concurrent create of the same pair won: use its room.
        if (!made) return (await this.repo.directRoom(tx, directKey))!.id;
        await this.repo.addMembers(tx, clientId, made.id, [me, others[0]!], null);
        const view = (await this.view(tx, made.id, me))!;
        await this.outbox.add(tx, chatEvents.roomCreated, clientId, { room: { ...summaryOf(view), unread: 0 }, audience: [me, others[0]!] });
        return made.id;
      }
      const made = (await this.repo.insertRoom(tx, { id: uuidv7(), clientId, name: body.name!, ownerId: me }))!;
      const ids = await this.repo.addMembers(tx, clientId, made.id, [me, ...others], null);
      const view = (await this.view(tx, made.id, me))!;
      await this.outbox.add(tx, chatEvents.roomCreated, clientId, { room: { ...summaryOf(view), unread: 0 }, audience: ids });
      return made.id;
    });
    return (await this.db.inTenant(ctx, (tx) => this.view(tx, roomId, me)))!;
  }

  /**
   * §7 PUT api/chat/room {_id, name, add, remove}: the owner of a group room renames it, adds members (they read
   * the history; nothing old counts as unread) and removes members (their delivery stops with this transaction).
   * Events: evt.chat.room.updated to the members, room.created to those added, room.removed to those removed.
   * Errors: 404 (not a member), 403 (not the owner, or a direct room), 'User not found'.
   */
  async roomUpdate({ body }: In<'roomUpdate'>, ctx: RequestContext): Promise<ChatRoom> {
    const { clientId, userId: me } = requireCaller(ctx);
    const add = unique(body.add ?? []).filter((id) => id !== me);
    const remove = unique(body.remove ?? []).filter((id) => id !== me && !add.includes(id));
    if (add.length) await this.people.ensure(ctx, clientId, add, 'add');
    return this.db.inTenant(ctx, async (tx) => {
      const room = await this.repo.lockRoom(tx, body._id, me);
      if (!room) throw Errors.notFound();
      if (!canChangeRoom(room, me)) throw Errors.forbidden();
      if (body.name !== undefined) await this.repo.renameRoom(tx, room.id, body.name);
      const added = await this.repo.addMembers(tx, clientId, room.id, add, room.lastMsgId);
      const removed = await this.repo.removeMembers(tx, room.id, remove);
      // An id that is no member of the room (another client's user…) is refused; the transaction rolls back.
      const notMembers = (body.remove ?? []).flatMap((id, i) => (remove.includes(id) && !removed.includes(id) ? [`remove.${i}`] : []));
      if (notMembers.length) throw Errors.unknownIds(notMembers);
      const v = (await this.view(tx, room.id, me))!;
      const memberIds = v.members.map((m) => m._id);
      await this.outbox.add(tx, chatEvents.roomUpdated, clientId, { room_id: room.id, name: v.name, members_count: v.members_count, audience: memberIds });
      if (added.length) await this.outbox.add(tx, chatEvents.roomCreated, clientId, { room: { ...summaryOf(v), unread: 0 }, audience: added });
      if (removed.length) await this.outbox.add(tx, chatEvents.roomRemoved, clientId, { room_id: room.id, reason: 'removed', audience: removed });
      return v;
    });
  }

  /**
   * §7 DELETE api/chat/room/{id}: deletes a group room (its owner) or a direct room (either member) with all its
   * messages; the files go and their bytes return to the client's storage. evt.chat.room.removed to the members.
   * Errors: 404 (not a member), 403 (not the owner).
   */
  async roomDelete({ params }: In<'roomDelete'>, ctx: RequestContext): Promise<{ _id: string; deleted: true }> {
    const { clientId, userId: me } = requireCaller(ctx);
    const dropped = await this.db.inTenant(ctx, async (tx) => {
      const room = await this.repo.lockRoom(tx, params.id, me);
      if (!room) throw Errors.notFound();
      if (!canDeleteRoom(room, me)) throw Errors.forbidden();
      const ids = await this.repo.memberIds(tx, room.id);
      const files = await this.repo.releaseFiles(tx, { roomId: room.id });
      await this.repo.deleteRoom(tx, room.id);
      await this.outbox.add(tx, chatEvents.roomRemoved, clientId, { room_id: room.id, reason: 'deleted', audience: ids });
      return files;
    });
    await this.files.drop(clientId, dropped);
    return { _id: params.id, deleted: true };
  }

  /**
   * POST api/chat/room/{id}/leave: the caller leaves a group room; its events stop for them at once. An owner who
   * leaves hands the room to the longest member; the last one out deletes it. Errors: 404, 403 (a direct room:
   * delete it instead).
   */
  async roomLeave({ params }: In<'roomLeave'>, ctx: RequestContext): Promise<{ _id: string; left: true }> {
    const { clientId, userId: me } = requireCaller(ctx);
    const dropped = await this.db.inTenant(ctx, async (tx) => {
      const room = await this.repo.lockRoom(tx, params.id, me);
      if (!room) throw Errors.notFound();
      if (!canLeaveRoom(room)) throw Errors.forbidden();
      await this.repo.removeMembers(tx, room.id, [me]);
      await this.outbox.add(tx, chatEvents.roomRemoved, clientId, { room_id: room.id, reason: 'left', audience: [me] });
      const rest = await this.repo.membersOf(tx, room.id);
      if (!rest.length) {
        const files = await this.repo.releaseFiles(tx, { roomId: room.id });
        await this.repo.deleteRoom(tx, room.id);
        return files;
      }
      if (room.ownerId === me) await this.repo.setOwner(tx, room.id, rest[0]!.userId);
      await this.outbox.add(tx, chatEvents.roomUpdated, clientId, {
        room_id: room.id,
        name: room.name ?? '',
        members_count: rest.length,
        audience: rest.map((m) => m.userId),
      });
      return [];
    });
    await this.files.drop(clientId, dropped);
    return { _id: params.id, left: true };
  }
}
