import {
  access,
  defineEvent,
  defineRoute,
  defineSubject,
  FILE_LIMITS,
  formatBytes,
  Id,
  V,
  z,
  type EventDef,
  type EventPayload,
  type RouteDef,
  type SubjectDef,
} from '@intranet/platform-contracts';
import { GUARDED_KINDS } from '@intranet/files-contract';

/**
 * The chat domain's API as data (DESIGN §4): §3 Chat room and Chat message, §7 Chat routes and the routes the spec
 * does not show by path (one room, seen, typing, leaving, editing and deleting a message), in the same style, and
 * the events the gateway relays to the members' sockets (every chat event names its audience in `audience`: the
 * room's members at the moment of the change, so leaving or removal stops delivery at once).
 */

/** Longest room name. */
export const CHAT_NAME_MAX = 100;
/** Longest message content (symbols of the submitted text, markup included). */
export const CHAT_CONTENT_MAX = 4000;
/** Most members of a room a create or update may name; a room may grow past it by later additions. */
export const CHAT_MEMBERS_MAX = 1000;
/** Messages per history page (default and most). */
export const CHAT_PAGE_SIZE = 50;
export const CHAT_PAGE_MAX = 100;
/** Rooms per page of the room list. */
export const CHAT_ROOMS_PAGE = 50;
/** Largest attachment of a message in bytes: §9 "any file" 250 MB (uploaded with POST api/upload?kind=chat). */
export const CHAT_FILE_LIMIT = FILE_LIMITS.any;

/** §5 and §8 texts the server answers with and the web words in ru, uk and en. */
export const CHAT_TEXT = {
  required: V.required,
  nameMax: V.max(CHAT_NAME_MAX),
  contentMax: V.max(CHAT_CONTENT_MAX),
  filesAbove: `Files above ${formatBytes(CHAT_FILE_LIMIT)} cannot be attached`,
  fileNotFound: 'The file was not found or was deleted',
  fileInUse: 'This file is already attached elsewhere',
  userNotFound: 'User not found',
  // A direct room names exactly one colleague (the web never sends more; a stable code the web already words).
  directOne: 'Invalid value',
  selectWorkspace: 'Select a workspace first',
} as const;

/**
 * A file as a message body carries it (from POST api/upload?kind=chat: a guarded kind, read only by the room's
 * members, issue 38 §4).
 */
export const chatFileInput = z.object({
  key: z.string().min(1).max(500),
  fileName: z.string().trim().min(1, V.required).max(255, V.max(255)),
  mimetype: z.string().max(200).default('application/octet-stream'),
  size: z.number().int().min(0),
  thumbKey: z.string().max(500).nullable().optional(),
});
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

const members = z.array(Id).max(CHAT_MEMBERS_MAX);
const nameRule = z.string().trim().max(CHAT_NAME_MAX, CHAT_TEXT.nameMax);
const contentRule = z.string().max(CHAT_CONTENT_MAX, CHAT_TEXT.contentMax);
const roomParams = z.object({ id: Id });

export const chatRoutes = {
  roomList: defineRoute({
    method: 'GET',
    path: '/api/chat/rooms/{id}',
    subject: 'chat.room.list',
    summary: 'The rooms of user {id} (the caller), latest activity first, with last message and unread counts; `search` filters by room or member name',
    spec: '§7 Chat, §6 chat',
    access: access.feature('chat'),
    params: z.object({ id: Id }),
    query: z.object({
      search: z.string().trim().max(100).optional(),
      before: RoomCursor.optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
    result: z.object({
      rooms: z.array(chatRoomSummary),
      /** The caller's unread messages over all rooms (the menu badge). */
      unread_total: z.number().int(),
      /** Pass as `before` for the next page; null at the end. */
      next: z.string().nullable(),
    }),
  }),
  roomGet: defineRoute({
    method: 'GET',
    path: '/api/chat/room/{id}',
    subject: 'chat.room.get',
    summary: 'One room with its members (members only)',
    spec: '§7 Chat (not shown by path), §3 Chat room',
    access: access.feature('chat'),
    params: roomParams,
    result: chatRoom,
  }),
  roomCreate: defineRoute({
    method: 'POST',
    path: '/api/chat/room',
    subject: 'chat.room.create',
    summary: 'Start a direct chat (one colleague; the existing one is returned) or a group room with a name and members',
    spec: '§7 Chat, §3 Chat room',
    access: access.feature('chat'),
    body: z.object({ direct: z.boolean().default(false), name: nameRule.optional(), members }).superRefine((v, ctx) => {
      if (v.direct && v.members.length !== 1) ctx.addIssue({ code: 'custom', path: ['members'], message: CHAT_TEXT.directOne });
      if (!v.direct && !v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: V.required });
      if (!v.direct && !v.members.length) ctx.addIssue({ code: 'custom', path: ['members'], message: V.required });
    }),
    result: chatRoom,
  }),
  roomUpdate: defineRoute({
    method: 'PUT',
    path: '/api/chat/room',
    subject: 'chat.room.update',
    summary: 'The owner renames a group room, adds and removes members',
    spec: '§7 Chat',
    access: access.feature('chat'),
    body: z.object({
      _id: Id,
      name: nameRule.min(1, V.required).optional(),
      add: members.optional(),
      remove: members.optional(),
    }),
    result: chatRoom,
  }),
  roomDelete: defineRoute({
    method: 'DELETE',
    path: '/api/chat/room/{id}',
    subject: 'chat.room.delete',
    summary: 'Delete a room with its messages and files (a group by its owner, a direct room by either member)',
    spec: '§7 Chat',
    access: access.feature('chat'),
    params: roomParams,
    result: z.object({ _id: z.string(), deleted: z.boolean() }),
  }),
  roomLeave: defineRoute({
    method: 'POST',
    path: '/api/chat/room/{id}/leave',
    subject: 'chat.room.leave',
    summary: 'Leave a group room (its events stop at once; an owner who leaves hands the room to the longest member)',
    spec: '§7 Chat (not shown by path)',
    access: access.feature('chat'),
    params: roomParams,
    result: z.object({ _id: z.string(), left: z.boolean() }),
  }),
  msgList: defineRoute({
    method: 'GET',
    path: '/api/chat/room/{id}/msgs',
    subject: 'chat.msg.list',
    summary: 'History of a room, paged backwards by keyset: the `limit` messages before message `before` (the newest without it), oldest first',
    spec: '§7 Chat',
    access: access.feature('chat'),
    params: roomParams,
    query: z.object({ before: Id.optional(), limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).optional() }),
    result: z.object({
      msgs: z.array(chatMessage),
      /** More history before the first message of this page. */
      hasMore: z.boolean(),
      /** Pass as `before` for the previous page (the first message's id), or null. */
      before: z.string().nullable(),
    }),
  }),
  msgCreate: defineRoute({
    method: 'POST',
    path: '/api/chat/msg',
    subject: 'chat.msg.create',
    summary: 'Write a message to a room (content required unless a file is attached)',
    spec: '§7 Chat, §5, §9 files',
    access: access.feature('chat'),
    body: z.object({ room_id: Id, content: contentRule.default(''), file: chatFileInput.nullable().optional() }),
    result: chatMessage,
  }),
  msgUpdate: defineRoute({
    method: 'PUT',
    path: '/api/chat/msg/{id}',
    subject: 'chat.msg.update',
    summary: 'Edit a message (its sender)',
    spec: '§7 Chat (not shown by path)',
    access: access.feature('chat'),
    params: z.object({ id: Id }),
    body: z.object({ content: contentRule }),
    result: chatMessage,
  }),
  msgDelete: defineRoute({
    method: 'DELETE',
    path: '/api/chat/msg/{id}',
    subject: 'chat.msg.delete',
    summary: 'Delete a message and its file (its sender)',
    spec: '§7 Chat (not shown by path)',
    access: access.feature('chat'),
    params: z.object({ id: Id }),
    result: z.object({ _id: z.string(), room_id: z.string(), deleted: z.boolean() }),
  }),
  roomSeen: defineRoute({
    method: 'PUT',
    path: '/api/chat/room/{id}/seen',
    subject: 'chat.room.seen',
    summary: 'Mark the messages of a room read up to `msg_id` (the newest without it)',
    spec: '§3 Chat message seen (not shown by path)',
    access: access.feature('chat'),
    params: roomParams,
    body: z.object({ msg_id: Id.optional() }),
    result: z.object({ room_id: z.string(), last_seen: z.string().nullable(), unread: z.number().int(), unread_total: z.number().int() }),
  }),
  roomTyping: defineRoute({
    method: 'POST',
    path: '/api/chat/room/{id}/typing',
    subject: 'chat.room.typing',
    summary: 'Tell the other members the caller is typing (best effort, not stored; the web sends it at most every 3 s)',
    spec: '§4 Realtime socket (not shown by path)',
    access: access.feature('chat'),
    params: roomParams,
    body: z.object({ typing: z.boolean().default(true) }),
    result: z.object({ ok: z.boolean() }),
  }),
} satisfies Record<string, RouteDef>;

/**
 * The members an event is for: the gateway sends it to their sockets only and strips this list (DESIGN §6 relay;
 * the `audience` field of the gateway's relay).
 */
const audience = { audience: z.array(z.string()) };

/**
 * Events of the chat domain (DESIGN §6). `evt.chat.room.*` (typing too) and `evt.chat.msg.*` are relayed by
 * the gateway to the sockets of `audience` only (the list itself is not sent); `evt.chat.notice.message` is for the notifications domain (not
 * relayed).
 */
export const chatEvents = {
  roomCreated: defineEvent('evt.chat.room.created', z.object({ room: chatRoomSummary, ...audience }), 'A room was created (to its members)'),
  roomUpdated: defineEvent(
    'evt.chat.room.updated',
    z.object({ room_id: z.string(), name: z.string(), members_count: z.number().int(), ...audience }),
    'A room was renamed or its members changed (to its members)',
  ),
  roomRemoved: defineEvent(
    'evt.chat.room.removed',
    z.object({ room_id: z.string(), reason: z.enum(['deleted', 'left', 'removed']), ...audience }),
    'The room is gone for these users: deleted, or they left or were removed',
  ),
  msgCreated: defineEvent('evt.chat.msg.created', z.object({ msg: chatMessage, ...audience }), 'A message was written (to the members)'),
  msgUpdated: defineEvent('evt.chat.msg.updated', z.object({ msg: chatMessage, ...audience }), 'A message was edited (to the members)'),
  msgDeleted: defineEvent('evt.chat.msg.deleted', z.object({ _id: z.string(), room_id: z.string(), ...audience }), 'A message was deleted'),
  msgSeen: defineEvent(
    'evt.chat.msg.seen',
    z.object({ room_id: z.string(), user_id: z.string(), last_seen: z.string(), ...audience }),
    'A member read the room up to `last_seen`',
  ),
  typing: defineEvent(
    'evt.chat.room.typing',
    z.object({ room_id: z.string(), user_id: z.string(), username: z.string(), typing: z.boolean(), ...audience }),
    'A member is typing (best effort, not stored)',
  ),
  /** For notifications: a new message and the members it is for (all but the sender); they decide to e-mail or push. */
  noticeMessage: defineEvent(
    'evt.chat.notice.message',
    z.object({
      room_id: z.string(),
      room_name: z.string(),
      msg_id: z.string(),
      sender_id: z.string(),
      username: z.string(),
      /** The message's visible text, cut to 200 symbols. */
      preview: z.string(),
      recipients: z.array(z.string()),
    }),
    'A new chat message for the members other than the sender (notifications)',
  ),
} satisfies Record<string, EventDef>;

export type ChatMsgEvent = EventPayload<typeof chatEvents.msgCreated>;
export type ChatMsgDeletedEvent = EventPayload<typeof chatEvents.msgDeleted>;
export type ChatSeenEvent = EventPayload<typeof chatEvents.msgSeen>;
export type ChatTypingEvent = EventPayload<typeof chatEvents.typing>;
export type ChatRoomCreatedEvent = EventPayload<typeof chatEvents.roomCreated>;
export type ChatRoomUpdatedEvent = EventPayload<typeof chatEvents.roomUpdated>;
export type ChatRoomRemovedEvent = EventPayload<typeof chatEvents.roomRemoved>;

/** Bus-only: the gateway asks on every download of a `chat` key whether the requester may read it now (issue 38 §4). */
export const chatFileSubjects = {
  fileAccess: defineSubject(GUARDED_KINDS.chat!, z.object({ key: z.string() }), z.object({ known: z.boolean(), allowed: z.boolean() })),
} satisfies Record<string, SubjectDef>;
