import type { ChatFile, ChatMember, ChatMessage, ChatRoomSummary } from '@intranet/chat-contract';
import { signFileUrl } from '@intranet/platform-storage';
import { messagePolicy, plainText, sanitizeMessage } from '@intranet/platform-contracts/sanitize';
import type { MemberWithPerson, RoomListRow } from './chat.repository.ts';
import type { MessageRow, RoomRow, StoredFile } from './schema.ts';

/** Chat's variant of the portal's message policy: no headings, no mention markup, every link opens in a new tab. */
const CHAT_POLICY = messagePolicy({ linksInNewTab: true, mentions: false, headings: false });

/** Sanitised HTML of a message (trimmed), under the portal's one message policy with chat's options. */
export const cleanContent = (html: string): string => sanitizeMessage(html, CHAT_POLICY);

/** The visible text of sanitised content (the platform's `plainText`). */
export { plainText };

/** A stored attachment → §3 Chat file, its URLs signed with the portal's `secret` (the gateway checks the same signature). */
export function toFile(f: StoredFile, secret: string): ChatFile {
  const url = signFileUrl(secret, f.key);
  return { key: f.key, fileName: f.fileName, mimetype: f.mimetype, size: f.size, url, file: url, thumb: f.thumbKey ? signFileUrl(secret, f.thumbKey) : null };
}

/**
 * Whether a message was read by someone other than its sender, from the members' read positions: the two furthest
 * positions suffice (the furthest unless it is the sender's own). uuidv7 ids compare as strings in time order.
 */
export function seenBy(positions: { userId: string; lastSeenId: string | null }[]): (m: { id: string; senderId: string }) => boolean {
  const top = positions.filter((p) => p.lastSeenId).sort((a, b) => (a.lastSeenId! < b.lastSeenId! ? 1 : -1));
  const [first, second] = top;
  return (m) => {
    const p = first && first.userId !== m.senderId ? first : second;
    return !!p && p.lastSeenId! >= m.id;
  };
}

/** Message row → §3 Chat message. */
export function toMessage(m: MessageRow, seen: boolean, secret: string): ChatMessage {
  return {
    _id: m.id,
    room_id: m.roomId,
    content: m.content,
    senderId: m.senderId,
    username: m.username,
    date: m.createdAt.toISOString(),
    timestamp: m.createdAt.getTime(),
    seen,
    file: m.file ? toFile(m.file, secret) : null,
    edited: m.editedAt ? m.editedAt.toISOString() : null,
  };
}

/** A member row with its projection → §3 Chat member. */
export function toMember(m: MemberWithPerson, ownerId: string | null): ChatMember {
  return { _id: m.userId, name: m.name ?? '', avatar: m.avatar, deleted: Boolean(m.deleted), owner: m.userId === ownerId, last_seen: m.lastSeenId };
}

/** Room row (+ the caller's counters, last message, the peer of a direct room) → room-list item. */
export function toSummary(
  room: RoomRow,
  o: { unread: number; last: MessageRow | null; lastSeen: boolean; peer: MemberWithPerson | null },
  secret: string,
): ChatRoomSummary {
  const peer = o.peer ? toMember(o.peer, room.ownerId) : null;
  return {
    _id: room.id,
    roomId: room.id,
    client_id: room.clientId,
    name: room.directKey ? (peer?.name ?? '') : (room.name ?? ''),
    direct: Boolean(room.directKey),
    owner: room.ownerId,
    peer,
    members_count: room.membersCount,
    last: o.last ? toMessage(o.last, o.lastSeen, secret) : null,
    unread: o.unread,
    last_at: room.lastAt.toISOString(),
  };
}

export type { RoomListRow };

const fullName = (u: { firstName?: string | null; lastName?: string | null; fullName?: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.fullName || '';

/** A user as chat's projection stores them (from a people event or answer), with the version it is as of. */
export function personOf(
  u: { _id: string; firstName?: string | null; lastName?: string | null; fullName?: string | null; avatar?: string | null; deletion_mark?: boolean | null },
  clientId: string,
  version: Date,
) {
  return { id: u._id, clientId, name: fullName(u), avatar: u.avatar ?? null, deleted: Boolean(u.deletion_mark), version };
}
