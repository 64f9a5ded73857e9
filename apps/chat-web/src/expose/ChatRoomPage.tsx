/** Exposed as `chat/ChatRoomPage` (libs/chat/web). */
export { ChatRoomPage as default } from '@intranet/chat-web';
