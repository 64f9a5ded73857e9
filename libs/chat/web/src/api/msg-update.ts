import { chatRoutes } from '@intranet/chat-contract';
import { call } from '@intranet/web-api';

/** PUT /api/chat/msg/{id}: its sender edits a message's content (sanitised HTML). Answers the message. */
export const editMessage = (id: string, content: string) => call(chatRoutes.msgUpdate, { params: { id }, body: { content }, silent: true });
