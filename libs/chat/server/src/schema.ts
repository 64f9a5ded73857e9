import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgPolicy, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appRole, CURRENT_USER, tenantPolicy } from '@intranet/platform-db';

/** PostgreSQL schema owned by the chat service (DESIGN §2). */
export const chatSchema = pgSchema('chat');

/** A stored attachment of a message (the object key and what the upload answered). */
export interface StoredFile {
  key: string;
  fileName: string;
  mimetype: string;
  size: number;
  thumbKey: string | null;
}

/**
 * §3 Chat room. A direct room has `direct_key` = its two user ids sorted and joined with ':', unique per client (one
 * direct room per pair). `last_msg_id`/`last_at` are kept by each new message (the room list's order).
 */
export const rooms = chatSchema
  .table(
    'rooms',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      name: text('name'),
      directKey: text('direct_key'),
      ownerId: uuid('owner_id'),
      membersCount: integer('members_count').notNull().default(0),
      lastMsgId: uuid('last_msg_id'),
      lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      uniqueIndex('rooms_direct_key_uq')
        .on(t.clientId, t.directKey)
        .where(sql`direct_key IS NOT NULL`),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/**
 * §3 Chat room members, with each member's read position (`last_seen_id`, a message id: uuidv7 ids order by time)
 * and unread counter (raised by each message of another member, recounted from `last_seen_id` when they read).
 */
export const members = chatSchema
  .table(
    'members',
    {
      roomId: uuid('room_id').notNull(),
      userId: uuid('user_id').notNull(),
      clientId: uuid('client_id').notNull(),
      lastSeenId: uuid('last_seen_id'),
      unread: integer('unread').notNull().default(0),
      joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      primaryKey({ columns: [t.roomId, t.userId] }),
      foreignKey({ columns: [t.roomId], foreignColumns: [rooms.id] }).onDelete('cascade'),
      index('members_user_idx').on(t.userId, t.roomId),
      tenantPolicy(),
    ],
  )
  .enableRLS();

/**
 * Membership in SQL: a message row is visible and writable only to a member of its room (the transaction's
 * signed user, `intranet_private.current_user_id()`). Restrictive: it narrows the tenant policy, never widens it.
 */
const memberOnly = sql.raw(`(EXISTS (SELECT 1 FROM chat.members m WHERE m.room_id = messages.room_id AND m.user_id = ${CURRENT_USER}))`);

/** §3 Chat message; history pages walk (room_id, id) backwards (uuidv7 ids order by creation). */
export const messages = chatSchema
  .table(
    'messages',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      roomId: uuid('room_id').notNull(),
      senderId: uuid('sender_id').notNull(),
      username: text('username').notNull(),
      content: text('content').notNull(),
      file: jsonb('file').$type<StoredFile>(),
      editedAt: timestamp('edited_at', { withTimezone: true }),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      foreignKey({ columns: [t.roomId], foreignColumns: [rooms.id] }).onDelete('cascade'),
      index('messages_room_id_idx').on(t.roomId, t.id),
      tenantPolicy(),
      pgPolicy('member_only', { as: 'restrictive', to: appRole, for: 'all', using: memberOnly, withCheck: memberOnly }),
    ],
  )
  .enableRLS();

/** Object keys attached to messages (a key is attached once); bytes go back to the client's quota on delete. */
export const files = chatSchema
  .table(
    'files',
    {
      key: text('key').primaryKey(),
      clientId: uuid('client_id').notNull(),
      roomId: uuid('room_id').notNull(),
      msgId: uuid('msg_id').notNull(),
      thumbKey: text('thumb_key'),
      size: integer('size').notNull(),
    },
    (t) => [index('files_room_idx').on(t.roomId), index('files_msg_idx').on(t.msgId), tenantPolicy()],
  )
  .enableRLS();

/** chat's projection of people's users: names and avatars for members (fed by evt.people.user.* and on demand). */
export const people = chatSchema
  .table(
    'people',
    {
      id: uuid('id').primaryKey(),
      clientId: uuid('client_id').notNull(),
      name: text('name').notNull(),
      avatar: text('avatar'),
      deleted: boolean('deleted').notNull().default(false),
      version: timestamp('version', { withTimezone: true }).notNull(),
    },
    () => [tenantPolicy()],
  )
  .enableRLS();

export type RoomRow = typeof rooms.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type PersonRow = typeof people.$inferSelect;
