import { z } from '@intranet/platform-contracts';
import { uploadedFileInput } from '@intranet/files-contract';

/**
 * A file as a message body carries it (from POST api/upload?kind=chat: a guarded kind, read only by the room's
 * members, issue 38 §4).
 */
export const chatFileInput = uploadedFileInput;
export type ChatFileInput = z.infer<typeof chatFileInput>;

/** §3 Chat message `file`: signed URLs as §7 Upload answers them (file (src), thumb, url, fileName). */
export const chatFile = z.object({
  key: z.string(),
  fileName: z.string(),
  mimetype: z.string(),
  size: z.number(),
  url: z.string(),
  file: z.string(),
  thumb: z.string().nullable(),
});
export type ChatFile = z.infer<typeof chatFile>;

/** §3 Chat message: _id, content, senderId, username, date, timestamp, seen (false on creation), file. */
export const chatMessage = z.object({
  _id: z.string(),
  room_id: z.string(),
  /** Sanitised HTML (the wall's policy: basic formatting and links; no script, style or handler survives). */
  content: z.string(),
  senderId: z.string(),
  /** The sender's name when it was written: kept when the account is deleted. */
  username: z.string(),
  /** ISO 8601. */
  date: z.string(),
  /** Unix ms of `date`. */
  timestamp: z.number(),
  /** Whether a member other than the sender has read it (false on creation). */
  seen: z.boolean(),
  file: chatFile.nullable(),
  /** ISO 8601 of the last edit, or null. */
  edited: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A room member with the id of the last message they read. */
export const chatMember = z.object({
  _id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  /** The account was deleted (its messages keep their name). */
  deleted: z.boolean(),
  owner: z.boolean(),
  last_seen: z.string().nullable(),
});
export type ChatMember = z.infer<typeof chatMember>;

/** §3 Chat room in the room list: roomId, client_id, name, the other person of a direct room, last message, unread. */
export const chatRoomSummary = z.object({
  _id: z.string(),
  roomId: z.string(),
  client_id: z.string(),
  /** A group's name; for a direct room the other person's name. */
  name: z.string(),
  direct: z.boolean(),
  owner: z.string().nullable(),
  /** The other member of a direct room. */
  peer: chatMember.nullable(),
  members_count: z.number().int(),
  last: chatMessage.nullable(),
  /** The caller's unread messages in this room (kept incrementally). */
  unread: z.number().int(),
  /** ISO 8601 of the last message (or of creation). */
  last_at: z.string(),
});
export type ChatRoomSummary = z.infer<typeof chatRoomSummary>;

/** One room with its members (§3 members). */
export const chatRoom = chatRoomSummary.extend({ members: z.array(chatMember) });
export type ChatRoom = z.infer<typeof chatRoom>;

/** A room-list cursor `<last_at ms>_<room id>` (keyset, newest activity first). */
export const RoomCursor = z.string().regex(/^\d{1,15}_[0-9a-f-]{36}$/, 'Invalid cursor');
