import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '@intranet/platform-db';
import { files, members, messages, people, rooms, type MemberRow, type MessageRow, type PersonRow, type RoomRow, type StoredFile } from './schema.ts';

/** A member row with the projection's name (or nothing yet). */
export interface MemberWithPerson extends MemberRow {
  name: string | null;
  avatar: string | null;
  deleted: boolean | null;
}

/** A room-list row: the room, the caller's counters and the last message. */
export interface RoomListRow {
  room: RoomRow;
  unread: number;
  lastSeenId: string | null;
  last: MessageRow | null;
  /** Someone other than its sender has read the last message. */
  lastSeen: boolean;
}

/** A position in the room list ordered by (last_at desc, id desc). */
export const roomCursorOf = (at: Date, id: string) => `${at.getTime()}_${id}`;
const parseRoomCursor = (s: string) => {
  const i = s.indexOf('_');
  return { at: new Date(Number(s.slice(0, i))), id: s.slice(i + 1) };
};

/**
 * SQL of the chat domain (repositories own SQL); every call runs inside a tenant transaction (`db.inTenant`), whose
 * `app.user_id` the messages' member-only policy checks. Room reads join `members` on the caller: a non-member
 * finds no room.
 */
@Injectable()
export class ChatRepository {
  /** The room if `userId` is a member (its member row too), else undefined. */
  async roomOf(tx: Tx, roomId: string, userId: string): Promise<{ room: RoomRow; me: MemberRow } | undefined> {
    const [r] = await tx
      .select({ room: rooms, me: members })
      .from(rooms)
      .innerJoin(members, and(eq(members.roomId, rooms.id), eq(members.userId, userId)))
      .where(eq(rooms.id, roomId));
    return r;
  }

  /** Locks the room row (a membership change or deletion) when `userId` is a member. */
  async lockRoom(tx: Tx, roomId: string, userId: string): Promise<RoomRow | undefined> {
    const [r] = await tx
      .select({ room: rooms })
      .from(rooms)
      .innerJoin(members, and(eq(members.roomId, rooms.id), eq(members.userId, userId)))
      .where(eq(rooms.id, roomId))
      .for('update');
    return r?.room;
  }

  async directRoom(tx: Tx, directKey: string): Promise<RoomRow | undefined> {
    const [r] = await tx.select().from(rooms).where(eq(rooms.directKey, directKey));
    return r;
  }

  /** Inserts a room; a direct room that exists already (a concurrent create) yields undefined. */
  async insertRoom(tx: Tx, row: typeof rooms.$inferInsert): Promise<RoomRow | undefined> {
    const [r] = await tx.insert(rooms).values(row).onConflictDoNothing().returning();
    return r;
  }

  /** Adds members (those already in are skipped); keeps `members_count`. Output: the ids added. */
  async addMembers(tx: Tx, clientId: string, roomId: string, userIds: string[], lastSeenId: string | null): Promise<string[]> {
    if (!userIds.length) return [];
    const added = await tx
      .insert(members)
      .values(userIds.map((userId) => ({ roomId, userId, clientId, lastSeenId })))
      .onConflictDoNothing()
      .returning({ userId: members.userId });
    if (added.length)
      await tx
        .update(rooms)
        .set({ membersCount: sql`${rooms.membersCount} + ${added.length}` })
        .where(eq(rooms.id, roomId));
    return added.map((a) => a.userId);
  }

  /** Removes members; keeps `members_count`. Output: the ids removed. */
  async removeMembers(tx: Tx, roomId: string, userIds: string[]): Promise<string[]> {
    if (!userIds.length) return [];
    const gone = await tx
      .delete(members)
      .where(and(eq(members.roomId, roomId), inArray(members.userId, userIds)))
      .returning({ userId: members.userId });
    if (gone.length)
      await tx
        .update(rooms)
        .set({ membersCount: sql`${rooms.membersCount} - ${gone.length}` })
        .where(eq(rooms.id, roomId));
    return gone.map((g) => g.userId);
  }

  async memberIds(tx: Tx, roomId: string): Promise<string[]> {
    const rows = await tx.select({ userId: members.userId }).from(members).where(eq(members.roomId, roomId));
    return rows.map((r) => r.userId);
  }

  /** Members with their names, longest members first. */
  async membersOf(tx: Tx, roomId: string): Promise<MemberWithPerson[]> {
    const rows = await tx
      .select({ m: members, name: people.name, avatar: people.avatar, deleted: people.deleted })
      .from(members)
      .leftJoin(people, eq(people.id, members.userId))
      .where(eq(members.roomId, roomId))
      .orderBy(asc(members.joinedAt), asc(members.userId));
    return rows.map((r) => ({ ...r.m, name: r.name, avatar: r.avatar, deleted: r.deleted }));
  }

  /** The read positions of a room's members (for the `seen` flags of a page). */
  async seenPositions(tx: Tx, roomId: string): Promise<{ userId: string; lastSeenId: string | null }[]> {
    return tx.select({ userId: members.userId, lastSeenId: members.lastSeenId }).from(members).where(eq(members.roomId, roomId));
  }

  async renameRoom(tx: Tx, roomId: string, name: string): Promise<void> {
    await tx.update(rooms).set({ name }).where(eq(rooms.id, roomId));
  }

  async setOwner(tx: Tx, roomId: string, ownerId: string | null): Promise<void> {
    await tx.update(rooms).set({ ownerId }).where(eq(rooms.id, roomId));
  }

  async deleteRoom(tx: Tx, roomId: string): Promise<void> {
    await tx.delete(rooms).where(eq(rooms.id, roomId));
  }

  /**
   * The rooms of `userId`, latest activity first (keyset `before`), with the last message and the caller's unread
   * count; `search` matches a group's name or a member's name (case-insensitive).
   */
  async roomList(tx: Tx, userId: string, q: { search?: string; before?: string; limit: number }): Promise<RoomListRow[]> {
    const conds = [eq(members.userId, userId)];
    if (q.before) {
      const c = parseRoomCursor(q.before);
      conds.push(sql`(${rooms.lastAt}, ${rooms.id}) < (${c.at.toISOString()}::timestamptz, ${c.id}::uuid)`);
    }
    if (q.search) {
      const like = `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      conds.push(
        sql`(${rooms.name} ILIKE ${like} OR EXISTS (SELECT 1 FROM chat.members om JOIN chat.people p ON p.id = om.user_id
          WHERE om.room_id = ${rooms.id} AND om.user_id <> ${userId}::uuid AND p.name ILIKE ${like}))`,
      );
    }
    const rows = await tx
      .select({
        room: rooms,
        unread: members.unread,
        lastSeenId: members.lastSeenId,
        last: messages,
        lastSeen: sql<boolean>`EXISTS (SELECT 1 FROM chat.members o WHERE o.room_id = ${rooms.id} AND o.user_id <> ${messages.senderId} AND o.last_seen_id >= ${rooms.lastMsgId})`,
      })
      .from(members)
      .innerJoin(rooms, eq(rooms.id, members.roomId))
      .leftJoin(messages, eq(messages.id, rooms.lastMsgId))
      .where(and(...conds))
      .orderBy(desc(rooms.lastAt), desc(rooms.id))
      .limit(q.limit + 1);
    return rows;
  }

  /** The other member of each direct room (with names). */
  async peers(tx: Tx, roomIds: string[], userId: string): Promise<Map<string, MemberWithPerson>> {
    if (!roomIds.length) return new Map();
    const rows = await tx
      .select({ m: members, name: people.name, avatar: people.avatar, deleted: people.deleted })
      .from(members)
      .leftJoin(people, eq(people.id, members.userId))
      .where(and(inArray(members.roomId, roomIds), ne(members.userId, userId)));
    return new Map(rows.map((r) => [r.m.roomId, { ...r.m, name: r.name, avatar: r.avatar, deleted: r.deleted }]));
  }

  /** The caller's unread messages over all rooms (a sum of the kept counters). */
  async unreadTotal(tx: Tx, userId: string): Promise<number> {
    const [r] = await tx
      .select({ n: sql<number>`coalesce(sum(${members.unread}), 0)::int` })
      .from(members)
      .where(eq(members.userId, userId));
    return Number(r?.n ?? 0);
  }

  /** `limit` + 1 messages before `before` (or the newest), newest first. The member-only policy applies. */
  async history(tx: Tx, roomId: string, before: string | undefined, limit: number): Promise<MessageRow[]> {
    return tx
      .select()
      .from(messages)
      .where(before ? and(eq(messages.roomId, roomId), lt(messages.id, before)) : eq(messages.roomId, roomId))
      .orderBy(desc(messages.id))
      .limit(limit + 1);
  }

  async message(tx: Tx, id: string): Promise<MessageRow | undefined> {
    const [m] = await tx.select().from(messages).where(eq(messages.id, id));
    return m;
  }

  async lockMessage(tx: Tx, id: string): Promise<MessageRow | undefined> {
    const [m] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
    return m;
  }

  /**
   * Inserts a message: the room's last message, every other member's unread count plus one (the sender's read
   * position moves to it). Output: the row and the room's member ids (the event's audience), taken from the same
   * UPDATE — a 1,000-member room is not read a second time in the message's transaction.
   */
  async insertMessage(tx: Tx, row: typeof messages.$inferInsert & { id: string; createdAt: Date }): Promise<{ msg: MessageRow; memberIds: string[] }> {
    const [m] = await tx.insert(messages).values(row).returning();
    await tx.update(rooms).set({ lastMsgId: row.id, lastAt: row.createdAt }).where(eq(rooms.id, row.roomId));
    const touched = await tx
      .update(members)
      .set({
        unread: sql`CASE WHEN user_id = ${row.senderId}::uuid THEN 0 ELSE unread + 1 END`,
        lastSeenId: sql`CASE WHEN user_id = ${row.senderId}::uuid THEN ${row.id}::uuid ELSE last_seen_id END`,
      })
      .where(eq(members.roomId, row.roomId))
      .returning({ userId: members.userId });
    return { msg: m, memberIds: touched.map((r) => r.userId) };
  }

  async editMessage(tx: Tx, id: string, content: string): Promise<MessageRow> {
    const [m] = await tx.update(messages).set({ content, editedAt: new Date() }).where(eq(messages.id, id)).returning();
    return m;
  }

  /** Deletes a message: members who had not read it get one unread less; the room's last message moves back. */
  async deleteMessage(tx: Tx, m: MessageRow): Promise<void> {
    await tx.delete(messages).where(eq(messages.id, m.id));
    await tx.execute(sql`UPDATE chat.members SET unread = greatest(unread - 1, 0)
      WHERE room_id = ${m.roomId}::uuid AND user_id <> ${m.senderId}::uuid AND (last_seen_id IS NULL OR last_seen_id < ${m.id}::uuid)`);
    await tx.execute(sql`UPDATE chat.rooms r SET last_msg_id = l.id, last_at = coalesce(l.created_at, r.created_at)
      FROM (SELECT (SELECT id FROM chat.messages WHERE room_id = ${m.roomId}::uuid ORDER BY id DESC LIMIT 1) AS id,
                   (SELECT created_at FROM chat.messages WHERE room_id = ${m.roomId}::uuid ORDER BY id DESC LIMIT 1) AS created_at) l
      WHERE r.id = ${m.roomId}::uuid AND r.last_msg_id = ${m.id}::uuid`);
  }

  /** The newest message id of a room, or null. */
  async newestId(tx: Tx, roomId: string): Promise<string | null> {
    const [m] = await tx.select({ id: messages.id }).from(messages).where(eq(messages.roomId, roomId)).orderBy(desc(messages.id)).limit(1);
    return m?.id ?? null;
  }

  /**
   * Moves `userId`'s read position forward to `upTo` (never back) and recounts their unread messages after it (the
   * few not read yet), under a lock of their member row. Output: the position and unread count, and whether the
   * position moved (nothing for a non-member). uuidv7 ids compare as strings in time order, as uuids do in SQL.
   */
  async markSeen(tx: Tx, roomId: string, userId: string, upTo: string): Promise<{ lastSeenId: string | null; unread: number; moved: boolean }> {
    const mine = and(eq(members.roomId, roomId), eq(members.userId, userId));
    const [cur] = await tx.select({ lastSeenId: members.lastSeenId }).from(members).where(mine).for('update');
    if (!cur) return { lastSeenId: null, unread: 0, moved: false };
    const moved = cur.lastSeenId === null || cur.lastSeenId < upTo;
    const pos = moved ? upTo : cur.lastSeenId!;
    const [row] = await tx
      .update(members)
      .set({
        lastSeenId: pos,
        unread: sql`(SELECT count(*) FROM chat.messages x WHERE x.room_id = ${roomId}::uuid AND x.id > ${pos}::uuid AND x.sender_id <> ${userId}::uuid)`,
      })
      .where(mine)
      .returning({ lastSeenId: members.lastSeenId, unread: members.unread });
    return { lastSeenId: row?.lastSeenId ?? null, unread: Number(row?.unread ?? 0), moved };
  }

  /** The room a stored attachment a stored attachment (its key, not a thumbnail's) belongs to, or undefined. */
  async fileRoom(tx: Tx, key: string): Promise<string | undefined> {
    const [f] = await tx.select({ roomId: files.roomId }).from(files).where(eq(files.key, key)).limit(1);
    return f?.roomId;
  }

  /** Claims file keys for a message; false when one is attached elsewhere already. */
  async claimFiles(tx: Tx, rows: (typeof files.$inferInsert)[]): Promise<boolean> {
    if (!rows.length) return true;
    const r = await tx.insert(files).values(rows).onConflictDoNothing().returning({ key: files.key });
    return r.length === rows.length;
  }

  /** Releases the file rows of a message or of a whole room. Output: what to delete from storage. */
  async releaseFiles(tx: Tx, by: { msgId?: string; roomId?: string }): Promise<{ key: string; thumbKey: string | null; size: number }[]> {
    const where = by.msgId ? eq(files.msgId, by.msgId) : eq(files.roomId, by.roomId!);
    return tx.delete(files).where(where).returning({ key: files.key, thumbKey: files.thumbKey, size: files.size });
  }

  async people(tx: Tx, ids: string[]): Promise<PersonRow[]> {
    if (!ids.length) return [];
    return tx.select().from(people).where(inArray(people.id, ids));
  }

  /** Upserts a person unless a newer version is stored. */
  async upsertPerson(tx: Tx, p: typeof people.$inferInsert): Promise<void> {
    await tx
      .insert(people)
      .values(p)
      .onConflictDoUpdate({
        target: people.id,
        set: { name: p.name, avatar: p.avatar, deleted: p.deleted, version: p.version },
        setWhere: sql`${people.version} <= ${p.version.toISOString()}::timestamptz`,
      });
  }
}

export type { StoredFile };
