/** Web pages of the chat domain (DESIGN §3), exposed to the shell by apps/chat-web. */
export { ChatPage } from './ChatPage.tsx';
export { ChatRoomPage } from './ChatRoomPage.tsx';
export { UnreadBadge } from './UnreadBadge.tsx';
