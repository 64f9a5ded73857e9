import { Inject, Injectable } from '@nestjs/common';
import { CHAT_PAGE_SIZE, chatEvents, type ChatMessage, type chatRoutes } from '@intranet/chat-contract';
import { emit, requireCaller, type Bus, type RequestContext } from '@intranet/platform-bus';
import type { Config } from '@intranet/platform-config';
import type { RouteInput } from '@intranet/platform-contracts';
import { uuidv7, type Database } from '@intranet/platform-db';
import { Errors, GENERIC } from '@intranet/platform-errors';
import { PORTS } from '@intranet/platform-host';
import type { Outbox } from '@intranet/platform-outbox';
import { canChangeMessage } from './access.ts';
import { ChatRepository } from './chat.repository.ts';
import { ChatFilesService } from './files.service.ts';
import { cleanContent, plainText, seenBy, toMessage } from './mapping.ts';
import { ChatPeopleService } from './people.service.ts';
import { fileSecret } from './rooms.service.ts';

type In<K extends keyof typeof chatRoutes> = RouteInput<(typeof chatRoutes)[K]>;

/**
 * Chat messages (§7 Chat): history, sending with a file, editing and deleting one's own, read positions and typing.
 * Membership is checked in SQL: rooms are read through the caller's member row, and messages carry a member-only
 * row-level policy (`app.user_id`), so a non-member gets 404.
 */
@Injectable()
export class MessagesService {
  private readonly secret: string;

  constructor(
    @Inject(PORTS.db) private readonly db: Database,
    @Inject(PORTS.bus) private readonly bus: Bus,
    @Inject(PORTS.outbox) private readonly outbox: Outbox,
    @Inject(PORTS.config) config: Config,
    private readonly repo: ChatRepository,
    private readonly people: ChatPeopleService,
    private readonly files: ChatFilesService,
  ) {
    this.secret = fileSecret(config);
  }

  /**
   * §7 GET api/chat/room/{id}/msgs?before&limit: history paged backwards by keyset — the `limit` (50, at most 100)
   * messages older than message `before` (the newest without it), oldest first, with `seen` (read by someone other
   * than the sender). New messages never shift older pages. Errors: 404 for a non-member.
   */
  async msgList({ params, query }: In<'msgList'>, ctx: RequestContext) {
    const { userId: me } = requireCaller(ctx);
    const limit = query.limit ?? CHAT_PAGE_SIZE;
    return this.db.inTenant(ctx, async (tx) => {
      if (!(await this.repo.roomOf(tx, params.id, me))) throw Errors.notFound();
      const rows = await this.repo.history(tx, params.id, query.before, limit);
      const page = rows.slice(0, limit).reverse();
      const seen = seenBy(await this.repo.seenPositions(tx, params.id));
      return {
        msgs: page.map((m) => toMessage(m, seen(m), this.secret)),
        hasMore: rows.length > limit,
        before: rows.length > limit && page[0] ? page[0].id : null,
      };
    });
  }

  /**
   * §7 POST api/chat/msg {room_id, content, file}: a message of the caller to a room they are a member of. Content
   * is sanitised (the wall's policy); required unless a file is attached; at most 4000 symbols; the file follows
   * the upload rules (the client's own upload, 250 MB, counted in the client's storage at upload). Every other
   * member's unread count rises by one. Events: evt.chat.msg.created to the members, evt.chat.notice.message for
   * notifications. Errors: 'Field is required' (content), 'Max 4000 symbols', 'Files above 250 MB cannot be
   * attached' (413), 'The file was not found or was deleted', 404 (not a member).
   */
  async msgCreate({ body }: In<'msgCreate'>, ctx: RequestContext): Promise<ChatMessage> {
    const { clientId, userId: me } = requireCaller(ctx);
    const content = cleanContent(body.content);
    const text = plainText(content);
    if (!text && !body.file) throw Errors.fieldCoded('content', GENERIC.required);
    const file = body.file ? await this.files.check(clientId, body.file) : null;
    const username = await this.people.senderName(ctx, clientId, me);
    return this.db.inTenant(ctx, async (tx) => {
      const found = await this.repo.roomOf(tx, body.room_id, me);
      if (!found) throw Errors.notFound();
      const id = uuidv7();
      const { msg: row, memberIds: ids } = await this.repo.insertMessage(tx, {
        id,
        clientId,
        roomId: found.room.id,
        senderId: me,
        username,
        content,
        file,
        createdAt: new Date(),
      });
      if (file && !(await this.repo.claimFiles(tx, [{ key: file.key, clientId, roomId: found.room.id, msgId: id, thumbKey: file.thumbKey, size: file.size }])))
        throw Errors.conflictCoded('file', GENERIC.fileInUse);
      const msg = toMessage(row, false, this.secret);
      await this.outbox.add(tx, chatEvents.msgCreated, clientId, { msg, audience: ids });
      const recipients = ids.filter((u) => u !== me);
      if (recipients.length)
        await this.outbox.add(tx, chatEvents.noticeMessage, clientId, {
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
  }

  /**
   * PUT api/chat/msg/{id} {content}: its sender edits a message (sanitised; required unless it has a file).
   * evt.chat.msg.updated to the members. Errors: 404 (not a member), 403 (not the sender), 'Field is required'.
   */
  async msgUpdate({ params, body }: In<'msgUpdate'>, ctx: RequestContext): Promise<ChatMessage> {
    const { clientId, userId: me } = requireCaller(ctx);
    const content = cleanContent(body.content);
    return this.db.inTenant(ctx, async (tx) => {
      const cur = await this.repo.lockMessage(tx, params.id);
      if (!cur) throw Errors.notFound();
      if (!canChangeMessage(cur, me)) throw Errors.forbidden();
      if (!plainText(content) && !cur.file) throw Errors.fieldCoded('content', GENERIC.required);
      const row = await this.repo.editMessage(tx, cur.id, content);
      const positions = await this.repo.seenPositions(tx, cur.roomId);
      const msg = toMessage(row, seenBy(positions)(row), this.secret);
      await this.outbox.add(tx, chatEvents.msgUpdated, clientId, { msg, audience: positions.map((p) => p.userId) });
      return msg;
    });
  }

  /**
   * DELETE api/chat/msg/{id}: its sender deletes a message; its file goes (bytes back to the client's storage);
   * members who had not read it get one unread less. evt.chat.msg.deleted to the members. Errors: 404, 403.
   */
  async msgDelete({ params }: In<'msgDelete'>, ctx: RequestContext): Promise<{ _id: string; room_id: string; deleted: true }> {
    const { clientId, userId: me } = requireCaller(ctx);
    const out = await this.db.inTenant(ctx, async (tx) => {
      const cur = await this.repo.lockMessage(tx, params.id);
      if (!cur) throw Errors.notFound();
      if (!canChangeMessage(cur, me)) throw Errors.forbidden();
      const files = await this.repo.releaseFiles(tx, { msgId: cur.id });
      await this.repo.deleteMessage(tx, cur);
      await this.outbox.add(tx, chatEvents.msgDeleted, clientId, { _id: cur.id, room_id: cur.roomId, audience: await this.repo.memberIds(tx, cur.roomId) });
      return { files, roomId: cur.roomId };
    });
    await this.files.drop(clientId, out.files);
    return { _id: params.id, room_id: out.roomId, deleted: true };
  }

  /**
   * PUT api/chat/room/{id}/seen {msg_id}: the caller has read the room up to message `msg_id` (the newest without
   * it); the position never moves back. Their unread count is recounted from there; the others' messages up to it
   * become `seen`: evt.chat.msg.seen to the members when the position moved. Output: position, the room's and the
   * total unread. Errors: 404 (not a member, or a message of another room).
   */
  async roomSeen({ params, body }: In<'roomSeen'>, ctx: RequestContext) {
    const { clientId, userId: me } = requireCaller(ctx);
    return this.db.inTenant(ctx, async (tx) => {
      const found = await this.repo.roomOf(tx, params.id, me);
      if (!found) throw Errors.notFound();
      let upTo = body.msg_id ?? null;
      if (upTo) {
        const m = await this.repo.message(tx, upTo);
        if (!m || m.roomId !== found.room.id) throw Errors.notFound();
      } else upTo = await this.repo.newestId(tx, found.room.id);
      let pos = { lastSeenId: found.me.lastSeenId, unread: found.me.unread, moved: false };
      if (upTo) pos = await this.repo.markSeen(tx, found.room.id, me, upTo);
      if (pos.moved && pos.lastSeenId)
        await this.outbox.add(tx, chatEvents.msgSeen, clientId, {
          room_id: found.room.id,
          user_id: me,
          last_seen: pos.lastSeenId,
          audience: await this.repo.memberIds(tx, found.room.id),
        });
      return { room_id: found.room.id, last_seen: pos.lastSeenId, unread: pos.unread, unread_total: await this.repo.unreadTotal(tx, me) };
    });
  }

  /**
   * POST api/chat/room/{id}/typing {typing}: tells the room's other members the caller is typing (or stopped).
   * Best effort and not stored (describes no change: `emit`, not the outbox). Errors: 404 for a non-member.
   */
  async roomTyping({ params, body }: In<'roomTyping'>, ctx: RequestContext): Promise<{ ok: true }> {
    const { clientId, userId: me } = requireCaller(ctx);
    const ids = await this.db.inTenant(ctx, async (tx) => ((await this.repo.roomOf(tx, params.id, me)) ? this.repo.memberIds(tx, params.id) : undefined));
    if (!ids) throw Errors.notFound();
    const username = await this.people.senderName(ctx, clientId, me);
    const others = ids.filter((u) => u !== me);
    if (others.length) await emit(this.bus, chatEvents.typing, clientId, { room_id: params.id, user_id: me, username, typing: body.typing, audience: others });
    return { ok: true };
  }
}
