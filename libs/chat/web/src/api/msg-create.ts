import { chatRoutes } from '@intranet/chat-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST /api/chat/msg (§7 Chat, §9 files): writes a message (content, a file, or both) to a room. Answers the message. */
export const sendMessage = (body: z.input<typeof chatRoutes.msgCreate.body>) => call(chatRoutes.msgCreate, { body, silent: true });
