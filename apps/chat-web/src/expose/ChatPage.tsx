/** Exposed as `chat/ChatPage` (libs/chat/web). */
export { ChatPage as default } from '@intranet/chat-web';
