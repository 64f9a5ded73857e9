import { chatRoutes } from '@intranet/chat-contract';
import { call } from '@intranet/web-api';

/** DELETE /api/chat/msg/{id}: its sender deletes a message and its file. */
export const deleteMessage = (id: string) => call(chatRoutes.msgDelete, { params: { id } });
