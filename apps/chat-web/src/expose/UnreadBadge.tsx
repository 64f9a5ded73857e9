/** Exposed as `chat/UnreadBadge` (libs/chat/web): the unread total beside the menu's chats item. */
export { UnreadBadge as default } from '@intranet/chat-web';
