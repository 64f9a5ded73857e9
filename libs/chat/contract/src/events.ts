import { defineEvent, defineSubject, z, type EventDef, type EventPayload, type SubjectDef } from '@intranet/platform-contracts';
import { GUARDED_KINDS } from '@intranet/files-contract';
import { chatMessage, chatRoomSummary } from './schemas.ts';

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
