import { access, defineRoute, Id, V, z, type RouteDef } from '@intranet/platform-contracts';
import { CHAT_CONTENT_MAX, CHAT_MEMBERS_MAX, CHAT_NAME_MAX, CHAT_PAGE_MAX, CHAT_TEXT } from './codes.ts';
import { chatFileInput, chatMessage, chatRoom, chatRoomSummary, RoomCursor } from './schemas.ts';

const members = z.array(Id).max(CHAT_MEMBERS_MAX);
const nameRule = z.string().trim().max(CHAT_NAME_MAX, CHAT_TEXT.nameMax);
const contentRule = z.string().max(CHAT_CONTENT_MAX, CHAT_TEXT.contentMax);
const roomParams = z.object({ id: Id });

/**
 * The §7 Chat routes and those the spec does not show by path (one room, seen, typing, leaving, editing and deleting
 * a message), in the same style. Keys are `<entity><Verb>` of the subject (issue 30 §1).
 */
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
