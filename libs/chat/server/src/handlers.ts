import { clientSubjects } from '@intranet/clients-contract';
import {
  CHAT_FILE_LIMIT,
  CHAT_PAGE_SIZE,
  CHAT_ROOMS_PAGE,
  CHAT_TEXT,
  chatEvents,
  type ChatFileInput,
  type ChatRoom,
  type chatRoutes,
} from '@intranet/chat-contract';
import { peopleRoutes, type User } from '@intranet/people-contract';
import { ask, emit, systemContext, type RequestContext, type RouteHandlers } from '@intranet/platform-bus';
import { uuidv7, type Tx } from '@intranet/platform-db';
import { DomainError, Errors } from '@intranet/platform-errors';
import type { DomainDeps } from '@intranet/platform-host';
import { cleanContent, plainText, seenBy, signer, toMember, toMessage, toSummary } from './mapping.ts';
import { chatRepository as repo, roomCursorOf } from './repository.ts';
import type { PersonRow, StoredFile } from './schema.ts';

const unique = (ids: string[]) => [...new Set(ids.map((s) => s.toLowerCase()))];
const fullName = (u: { firstName?: string | null; lastName?: string | null; fullName?: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.fullName || '';

/** A user as chat's projection stores them (from a people event or answer). */
export function personOf(u: Pick<User, '_id' | 'firstName' | 'lastName' | 'fullName' | 'avatar' | 'deletion_mark'>, clientId: string, version: Date) {
  return { id: u._id, clientId, name: fullName(u), avatar: u.avatar ?? null, deleted: Boolean(u.deletion_mark), version };
}

/**
 * Handlers of the chat routes (§7 Chat and the routes added in its style). Input is validated by the contract; each
 * change is one transaction in the caller's tenant and writes its events to the outbox in it, addressed to the
 * room's members of that moment (`audience`). Membership is checked in SQL: rooms are read through the caller's
 * member row, and messages carry a member-only row-level policy (`app.user_id`), so a non-member gets 404.
 */
export function chatHandlers(deps: DomainDeps): RouteHandlers<typeof chatRoutes> {
  const { db, outbox, bus, storage, log, config } = deps;
  const sign = signer(config.JWT_SECRET);

  const clientOf = (ctx: RequestContext) => {
    if (!ctx.clientId) throw Errors.badRequest(CHAT_TEXT.selectWorkspace);
    return ctx.clientId;
  };
  const userOf = (ctx: RequestContext) => {
    if (!ctx.userId) throw Errors.forbidden();
    return ctx.userId;
  };

  /**
   * The projection rows of these users of the caller's client, asking people for any not seen yet. `strict`: an
   * unknown (or another client's) id raises 'User not found' on `field`; otherwise it is left out.
   */
  const ensurePeople = async (ctx: RequestContext, ids: string[], field: string, strict = true): Promise<Map<string, PersonRow>> => {
    const want = unique(ids);
    const have = new Map((await db.inTenant(ctx, (tx) => repo.people(tx, want))).map((p) => [p.id, p]));
    for (const id of want.filter((i) => !have.has(i))) {
      try {
        const u = await bus.request<User>(peopleRoutes.get.subject, { ctx: systemContext(ctx.clientId), input: { params: { id } } });
        if (!u.client_id || u.client_id !== ctx.clientId) throw Errors.notFound();
        const p = personOf(u, u.client_id, new Date(0));
        await db.inTenant(ctx, (tx) => repo.upsertPerson(tx, p));
        have.set(id, { ...p });
      } catch (err) {
        if (!strict) continue;
        if (err instanceof DomainError && ['not_found', 'user_not_found', 'validation'].includes(err.code)) {
          throw new DomainError('validation', CHAT_TEXT.userNotFound, { errors: [{ field, message: CHAT_TEXT.userNotFound }] });
        }
        throw err;
      }
    }
    return have;
  };

  /** Senders' names for a minute (a rename shows in new messages within that; each message keeps its own copy). */
  const names = new Map<string, { name: string; until: number }>();
  const senderName = async (ctx: RequestContext, me: string): Promise<string> => {
    const hit = names.get(me);
    if (hit && hit.until > Date.now()) return hit.name;
    const name = (await ensurePeople(ctx, [me], 'me', false)).get(me)?.name ?? '';
    if (names.size > 10_000) names.clear();
    names.set(me, { name, until: Date.now() + 60_000 });
    return name;
  };

  const fileError = (field: string, code: 'not_found' | 'payload_too_large', message: string) =>
    new DomainError(code, message, { errors: [{ field, message }] });

  /** §5/§9 file rules as the wall's: the client's own unguarded upload, existing, within 250 MB (stored size). */
  const checkFile = async (clientId: string, f: ChatFileInput): Promise<StoredFile> => {
    const field = 'file';
    if (!f.key.startsWith(`${clientId}/`) || (f.thumbKey && !f.thumbKey.startsWith(`${clientId}/`)))
      throw fileError(field, 'not_found', CHAT_TEXT.fileNotFound);
    // Attachments are the guarded `chat` kind (issue 38 §4): only the room's members read them.
    if (!f.key.startsWith(`${clientId}/chat/`) || (f.thumbKey && !f.thumbKey.startsWith(`${clientId}/chat/`)))
      throw fileError(field, 'not_found', CHAT_TEXT.fileNotFound);
    if (f.size > CHAT_FILE_LIMIT) throw fileError(field, 'payload_too_large', CHAT_TEXT.filesAbove);
    const obj = await storage.get(f.key).catch(() => null);
    if (!obj) throw fileError(field, 'not_found', CHAT_TEXT.fileNotFound);
    obj.stream.destroy();
    if (obj.size > CHAT_FILE_LIMIT) throw fileError(field, 'payload_too_large', CHAT_TEXT.filesAbove);
    return { key: f.key, fileName: f.fileName, mimetype: f.mimetype, size: obj.size, thumbKey: f.thumbKey ?? null };
  };

  /** After a commit: deletes the objects and gives their bytes back to the client's quota (best effort, logged). */
  const dropFiles = async (clientId: string, rows: { key: string; thumbKey: string | null; size: number }[]) => {
    if (!rows.length) return;
    let thumbBytes = 0;
    for (const r of rows) {
      if (!r.thumbKey) continue;
      const t = await storage.get(r.thumbKey).catch(() => null);
      if (t) {
        t.stream.destroy();
        thumbBytes += t.size;
      }
    }
    const keys = rows.flatMap((r) => (r.thumbKey ? [r.key, r.thumbKey] : [r.key]));
    await storage.delete(keys).catch((err: Error) => log.warn(`chat: could not delete ${keys.length} objects: ${err.message}`));
    const bytes = rows.reduce((n, r) => n + r.size, thumbBytes);
    await ask(bus, clientSubjects.storageRelease, systemContext(clientId), { clientId, bytes }).catch((err: Error) =>
      log.warn(`chat: could not release ${bytes} bytes of ${clientId}: ${err.message}`),
    );
  };

  /** One room as its member `me` sees it (members, last message, unread); undefined for a non-member. */
  const roomView = async (tx: Tx, roomId: string, me: string): Promise<ChatRoom | undefined> => {
    const found = await repo.roomOf(tx, roomId, me);
    if (!found) return undefined;
    const list = await repo.membersOf(tx, roomId);
    const last = found.room.lastMsgId ? ((await repo.message(tx, found.room.lastMsgId)) ?? null) : null;
    const peer = found.room.directKey ? (list.find((m) => m.userId !== me) ?? null) : null;
    const seen = last ? seenBy(list)({ id: last.id, senderId: last.senderId }) : false;
    return {
      ...toSummary(found.room, { unread: found.me.unread, last, lastSeen: seen, peer }, sign),
      members: list.map((m) => toMember(m, found.room.ownerId)),
    };
  };

  const summaryOf = (room: ChatRoom) => {
    const { members: _m, ...s } = room;
    return s;
  };

  return {
    /**
     * §7 GET api/chat/rooms/{id}?search&before&limit: the rooms of user {id} — the caller only (403 for anyone else) —
     * latest activity first, 50 a page by keyset (`next`), each with its last message and the caller's unread count,
     * plus `unread_total` (the menu badge; sums of kept counters, nothing is counted on read).
     */
    rooms: async ({ params, query }, ctx) => {
      const me = userOf(ctx);
      clientOf(ctx);
      if (params.id !== me) throw Errors.forbidden();
      const limit = query.limit ?? CHAT_ROOMS_PAGE;
      return db.inTenant(ctx, async (tx) => {
        const rows = await repo.roomList(tx, me, { search: query.search || undefined, before: query.before, limit });
        const page = rows.slice(0, limit);
        const peers = await repo.peers(
          tx,
          page.filter((r) => r.room.directKey).map((r) => r.room.id),
          me,
        );
        const unreadTotal = await repo.unreadTotal(tx, me);
        const last = page.at(-1)?.room;
        return {
          rooms: page.map((r) =>
            toSummary(r.room, { unread: r.unread, last: r.last, lastSeen: Boolean(r.lastSeen), peer: peers.get(r.room.id) ?? null }, sign),
          ),
          unread_total: unreadTotal,
          next: rows.length > limit && last ? roomCursorOf(last.lastAt, last.id) : null,
        };
      });
    },

    /** GET api/chat/room/{id}: one room with its members and their read positions. Errors: 404 for a non-member. */
    room: async ({ params }, ctx) => {
      const me = userOf(ctx);
      const room = await db.inTenant(ctx, (tx) => roomView(tx, params.id, me));
      if (!room) throw Errors.notFound();
      return room;
    },

    /**
     * §7 POST api/chat/room {direct, name, members}: a direct room with one colleague (the pair's existing room is
     * returned: one per pair) or a group room the caller owns. Publishes evt.chat.room.created to the members.
     * Errors: 'Field is required' (name, members), 'Invalid value' (a direct room names one other person), 'User
     * not found' (an unknown or another client's user).
     */
    create: async ({ body }, ctx) => {
      const clientId = clientOf(ctx);
      const me = userOf(ctx);
      const others = unique(body.members).filter((id) => id !== me);
      if (body.direct && others.length !== 1) throw Errors.field('members', CHAT_TEXT.directOne);
      if (!body.direct && !others.length) throw Errors.field('members', CHAT_TEXT.required);
      await ensurePeople(ctx, others, 'members');
      await ensurePeople(ctx, [me], 'me', false);
      const roomId = await db.inTenant(ctx, async (tx) => {
        if (body.direct) {
          const directKey = [me, others[0]].sort().join(':');
          const existing = await repo.directRoom(tx, directKey);
          if (existing) return existing.id;
          const made = await repo.insertRoom(tx, { id: uuidv7(), clientId, directKey, name: null, ownerId: null });
          // A concurrent create of the same pair won: use its room.
          if (!made) return (await repo.directRoom(tx, directKey))!.id;
          await repo.addMembers(tx, clientId, made.id, [me, others[0]], null);
          const view = (await roomView(tx, made.id, me))!;
          await outbox.add(tx, chatEvents.roomCreated, clientId, { room: { ...summaryOf(view), unread: 0 }, audience: [me, others[0]] });
          return made.id;
        }
        const made = (await repo.insertRoom(tx, { id: uuidv7(), clientId, name: body.name!, ownerId: me }))!;
        const ids = await repo.addMembers(tx, clientId, made.id, [me, ...others], null);
        const view = (await roomView(tx, made.id, me))!;
        await outbox.add(tx, chatEvents.roomCreated, clientId, { room: { ...summaryOf(view), unread: 0 }, audience: ids });
        return made.id;
      });
      return (await db.inTenant(ctx, (tx) => roomView(tx, roomId, me)))!;
    },

    /**
     * §7 PUT api/chat/room {_id, name, add, remove}: the owner of a group room renames it, adds members (they read
     * the history; nothing old counts as unread) and removes members (their delivery stops with this transaction).
     * Events: evt.chat.room.updated to the members, room.created to those added, room.removed to those removed.
     * Errors: 404 (not a member), 403 (not the owner, or a direct room), 'User not found'.
     */
    update: async ({ body }, ctx) => {
      const clientId = clientOf(ctx);
      const me = userOf(ctx);
      const add = unique(body.add ?? []).filter((id) => id !== me);
      const remove = unique(body.remove ?? []).filter((id) => id !== me && !add.includes(id));
      if (add.length) await ensurePeople(ctx, add, 'add');
      const view = await db.inTenant(ctx, async (tx) => {
        const room = await repo.lockRoom(tx, body._id, me);
        if (!room) throw Errors.notFound();
        if (room.directKey || room.ownerId !== me) throw Errors.forbidden();
        if (body.name !== undefined) await repo.renameRoom(tx, room.id, body.name);
        const added = await repo.addMembers(tx, clientId, room.id, add, room.lastMsgId);
        const removed = await repo.removeMembers(tx, room.id, remove);
        // An id that is no member of the room (another client's user…) is refused; the transaction rolls back.
        const notMembers = (body.remove ?? []).flatMap((id, i) => (remove.includes(id) && !removed.includes(id) ? [`remove.${i}`] : []));
        if (notMembers.length) throw Errors.unknownIds(notMembers);
        const v = (await roomView(tx, room.id, me))!;
        const memberIds = v.members.map((m) => m._id);
        await outbox.add(tx, chatEvents.roomUpdated, clientId, { room_id: room.id, name: v.name, members_count: v.members_count, audience: memberIds });
        if (added.length) await outbox.add(tx, chatEvents.roomCreated, clientId, { room: { ...summaryOf(v), unread: 0 }, audience: added });
        if (removed.length) await outbox.add(tx, chatEvents.roomRemoved, clientId, { room_id: room.id, reason: 'removed', audience: removed });
        return v;
      });
      return view;
    },

    /**
     * §7 DELETE api/chat/room/{id}: deletes a group room (its owner) or a direct room (either member) with all its
     * messages; the files go and their bytes return to the client's storage. evt.chat.room.removed to the members.
     * Errors: 404 (not a member), 403 (not the owner).
     */
    remove: async ({ params }, ctx) => {
      const clientId = clientOf(ctx);
      const me = userOf(ctx);
      const dropped = await db.inTenant(ctx, async (tx) => {
        const room = await repo.lockRoom(tx, params.id, me);
        if (!room) throw Errors.notFound();
        if (!room.directKey && room.ownerId !== me) throw Errors.forbidden();
        const ids = await repo.memberIds(tx, room.id);
        const files = await repo.releaseFiles(tx, { roomId: room.id });
        await repo.deleteRoom(tx, room.id);
        await outbox.add(tx, chatEvents.roomRemoved, clientId, { room_id: room.id, reason: 'deleted', audience: ids });
        return files;
      });
      await dropFiles(clientId, dropped);
      return { _id: params.id, deleted: true };
    },

    /**
     * POST api/chat/room/{id}/leave: the caller leaves a group room; its events stop for them at once. An owner who
     * leaves hands the room to the longest member; the last one out deletes it. Errors: 404, 403 (a direct room:
     * delete it instead).
     */
    leave: async ({ params }, ctx) => {
      const clientId = clientOf(ctx);
      const me = userOf(ctx);
      const dropped = await db.inTenant(ctx, async (tx) => {
        const room = await repo.lockRoom(tx, params.id, me);
        if (!room) throw Errors.notFound();
        if (room.directKey) throw Errors.forbidden();
        await repo.removeMembers(tx, room.id, [me]);
        await outbox.add(tx, chatEvents.roomRemoved, clientId, { room_id: room.id, reason: 'left', audience: [me] });
        const rest = await repo.membersOf(tx, room.id);
        if (!rest.length) {
          const files = await repo.releaseFiles(tx, { roomId: room.id });
          await repo.deleteRoom(tx, room.id);
          return files;
        }
        if (room.ownerId === me) await repo.setOwner(tx, room.id, rest[0].userId);
        await outbox.add(tx, chatEvents.roomUpdated, clientId, {
          room_id: room.id,
          name: room.name ?? '',
          members_count: rest.length,
          audience: rest.map((m) => m.userId),
        });
        return [];
      });
      await dropFiles(clientId, dropped);
      return { _id: params.id, left: true };
    },

    /**
     * §7 GET api/chat/room/{id}/msgs?before&limit: history paged backwards by keyset — the `limit` (50, at most 100)
     * messages older than message `before` (the newest without it), oldest first, with `seen` (read by someone other
     * than the sender). New messages never shift older pages. Errors: 404 for a non-member.
     */
    msgs: async ({ params, query }, ctx) => {
      const me = userOf(ctx);
      const limit = query.limit ?? CHAT_PAGE_SIZE;
      return db.inTenant(ctx, async (tx) => {
        if (!(await repo.roomOf(tx, params.id, me))) throw Errors.notFound();
        const rows = await repo.history(tx, params.id, query.before, limit);
        const page = rows.slice(0, limit).reverse();
        const seen = seenBy(await repo.seenPositions(tx, params.id));
        return {
          msgs: page.map((m) => toMessage(m, seen(m), sign)),
          hasMore: rows.length > limit,
          before: rows.length > limit && page[0] ? page[0].id : null,
        };
      });
    },

    /**
     * §7 POST api/chat/msg {room_id, content, file}: a message of the caller to a room they are a member of. Content
     * is sanitised (the wall's policy); required unless a file is attached; at most 4000 symbols; the file follows
     * the upload rules (the client's own upload, 250 MB, counted in the client's storage at upload). Every other
     * member's unread count rises by one. Events: evt.chat.msg.created to the members, evt.chat.notice.message for
     * notifications. Errors: 'Field is required' (content), 'Max 4000 symbols', 'Files above 250 MB cannot be
     * attached' (413), 'The file was not found or was deleted', 404 (not a member).
     */
    send: async ({ body }, ctx) => {
      const clientId = clientOf(ctx);
      const me = userOf(ctx);
      const content = cleanContent(body.content);
      const text = plainText(content);
      if (!text && !body.file) throw Errors.field('content', CHAT_TEXT.required);
      const file = body.file ? await checkFile(clientId, body.file) : null;
      const username = await senderName(ctx, me);
      return db.inTenant(ctx, async (tx) => {
        const found = await repo.roomOf(tx, body.room_id, me);
        if (!found) throw Errors.notFound();
        const id = uuidv7();
        const { msg: row, memberIds: ids } = await repo.insertMessage(tx, {
          id,
          clientId,
          roomId: found.room.id,
          senderId: me,
          username,
          content,
          file,
          createdAt: new Date(),
        });
        if (file && !(await repo.claimFiles(tx, [{ key: file.key, clientId, roomId: found.room.id, msgId: id, thumbKey: file.thumbKey, size: file.size }])))
          throw Errors.conflict('file', CHAT_TEXT.fileInUse);
        const msg = toMessage(row, false, sign);
        await outbox.add(tx, chatEvents.msgCreated, clientId, { msg, audience: ids });
        const recipients = ids.filter((u) => u !== me);
        if (recipients.length)
          await outbox.add(tx, chatEvents.noticeMessage, clientId, {
            room_id: found.room.id,
            room_name: found.room.name ?? username,
            msg_id: id,
            sender_id: me,
            username,
            preview: [...(text || file?.fileName || '')].slice(0, 200).join(''),
            recipients,
          });
        return msg;
      });
    },

    /**
     * PUT api/chat/msg/{id} {content}: its sender edits a message (sanitised; required unless it has a file).
     * evt.chat.msg.updated to the members. Errors: 404 (not a member), 403 (not the sender), 'Field is required'.
     */
    edit: async ({ params, body }, ctx) => {
      const clientId = clientOf(ctx);
      const me = userOf(ctx);
      const content = cleanContent(body.content);
      return db.inTenant(ctx, async (tx) => {
        const cur = await repo.lockMessage(tx, params.id);
        if (!cur) throw Errors.notFound();
        if (cur.senderId !== me) throw Errors.forbidden();
        if (!plainText(content) && !cur.file) throw Errors.field('content', CHAT_TEXT.required);
        const row = await repo.editMessage(tx, cur.id, content);
        const positions = await repo.seenPositions(tx, cur.roomId);
        const msg = toMessage(row, seenBy(positions)(row), sign);
        await outbox.add(tx, chatEvents.msgUpdated, clientId, { msg, audience: positions.map((p) => p.userId) });
        return msg;
      });
    },

    /**
     * DELETE api/chat/msg/{id}: its sender deletes a message; its file goes (bytes back to the client's storage);
     * members who had not read it get one unread less. evt.chat.msg.deleted to the members. Errors: 404, 403.
     */
    delete: async ({ params }, ctx) => {
      const clientId = clientOf(ctx);
      const me = userOf(ctx);
      const out = await db.inTenant(ctx, async (tx) => {
        const cur = await repo.lockMessage(tx, params.id);
        if (!cur) throw Errors.notFound();
        if (cur.senderId !== me) throw Errors.forbidden();
        const files = await repo.releaseFiles(tx, { msgId: cur.id });
        await repo.deleteMessage(tx, cur);
        await outbox.add(tx, chatEvents.msgDeleted, clientId, { _id: cur.id, room_id: cur.roomId, audience: await repo.memberIds(tx, cur.roomId) });
        return { files, roomId: cur.roomId };
      });
      await dropFiles(clientId, out.files);
      return { _id: params.id, room_id: out.roomId, deleted: true };
    },

    /**
     * PUT api/chat/room/{id}/seen {msg_id}: the caller has read the room up to message `msg_id` (the newest without
     * it); the position never moves back. Their unread count is recounted from there; the others' messages up to it
     * become `seen`: evt.chat.msg.seen to the members when the position moved. Output: position, the room's and the
     * total unread. Errors: 404 (not a member, or a message of another room).
     */
    seen: async ({ params, body }, ctx) => {
      const clientId = clientOf(ctx);
      const me = userOf(ctx);
      return db.inTenant(ctx, async (tx) => {
        const found = await repo.roomOf(tx, params.id, me);
        if (!found) throw Errors.notFound();
        let upTo = body.msg_id ?? null;
        if (upTo) {
          const m = await repo.message(tx, upTo);
          if (!m || m.roomId !== found.room.id) throw Errors.notFound();
        } else upTo = await repo.newestId(tx, found.room.id);
        let pos = { lastSeenId: found.me.lastSeenId, unread: found.me.unread, moved: false };
        if (upTo) pos = await repo.markSeen(tx, found.room.id, me, upTo);
        if (pos.moved && pos.lastSeenId)
          await outbox.add(tx, chatEvents.msgSeen, clientId, {
            room_id: found.room.id,
            user_id: me,
            last_seen: pos.lastSeenId,
            audience: await repo.memberIds(tx, found.room.id),
          });
        return { room_id: found.room.id, last_seen: pos.lastSeenId, unread: pos.unread, unread_total: await repo.unreadTotal(tx, me) };
      });
    },

    /**
     * POST api/chat/room/{id}/typing {typing}: tells the room's other members the caller is typing (or stopped).
     * Best effort and not stored (describes no change: `emit`, not the outbox). Errors: 404 for a non-member.
     */
    typing: async ({ params, body }, ctx) => {
      const clientId = clientOf(ctx);
      const me = userOf(ctx);
      const ids = await db.inTenant(ctx, async (tx) => ((await repo.roomOf(tx, params.id, me)) ? repo.memberIds(tx, params.id) : undefined));
      if (!ids) throw Errors.notFound();
      const username = await senderName(ctx, me);
      const others = ids.filter((u) => u !== me);
      if (others.length) await emit(bus, chatEvents.typing, clientId, { room_id: params.id, user_id: me, username, typing: body.typing, audience: others });
      return { ok: true };
    },
  };
}
