import { chatRoutes } from '@intranet/chat-contract';
import { call } from '@intranet/web-api';

/** Chat's POST api/chat/room {direct, members: [userId]} (issue 16): the direct room with `userId`, opened or created. */
export const openDirectChat = (userId: string) => call(chatRoutes.roomCreate, { body: { direct: true, members: [userId] }, silent: true });
