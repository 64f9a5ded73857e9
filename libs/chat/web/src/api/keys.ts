/**
 * Query keys of the chat web (issue 31 §1): the only place they are written. The room lists share the `rooms`
 * prefix (one per search text), so a change to rooms refreshes every list at once.
 */
export const chatKeys = {
  all: ['chat'] as const,
  /** Every room list (any search): the prefix the list updates and refetches go through. */
  roomLists: () => [...chatKeys.all, 'rooms'] as const,
  /** The room list for one search text ('' for none). */
  roomList: (search: string) => [...chatKeys.roomLists(), search] as const,
  /** One room with its members. */
  room: (id: string) => [...chatKeys.all, 'room', id] as const,
  /** Pages of a room's history (read on demand, merged with the socket's messages by the room). */
  msgs: (id: string) => [...chatKeys.all, 'msgs', id] as const,
  /** The caller's unread total (the menu badge): a number. */
  unread: () => [...chatKeys.all, 'unread'] as const,
  /** Colleagues of the address book matching a search text. */
  people: (search: string) => [...chatKeys.all, 'people', search] as const,
};
