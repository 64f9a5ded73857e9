/**
 * The chat's can-rules (§6 chat, §7 Chat) as pure functions. Membership itself is checked in SQL (rooms are read
 * through the caller's member row, messages carry a member-only policy): these rules apply to a member.
 */

/** What the rules need of a room. */
export interface RoomLike {
  directKey: string | null;
  ownerId: string | null;
}

/** The room list of user `userId` is read by that user only. */
export function canListRooms(me: string, userId: string): boolean {
  return me === userId;
}

/** Renaming a room and adding or removing members: the owner of a group room (a direct room has no owner). */
export function canChangeRoom(room: RoomLike, me: string): boolean {
  return !room.directKey && room.ownerId === me;
}

/** Deleting a room: either member of a direct room, the owner of a group room. */
export function canDeleteRoom(room: RoomLike, me: string): boolean {
  return !!room.directKey || room.ownerId === me;
}

/** Leaving: a group room only (a direct room is deleted instead). */
export function canLeaveRoom(room: RoomLike): boolean {
  return !room.directKey;
}

/** Editing or deleting a message: its sender only. */
export function canChangeMessage(msg: { senderId: string }, me: string): boolean {
  return msg.senderId === me;
}
