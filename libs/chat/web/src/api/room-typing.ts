import { chatRoutes } from '@intranet/chat-contract';
import { call } from '@intranet/web-api';

/** POST /api/chat/room/{id}/typing (§4 Realtime): tells the other members the caller is (or stopped) typing; best effort, errors ignored. */
export const sendTyping = (id: string, typing: boolean): void =>
  void call(chatRoutes.roomTyping, { params: { id }, body: { typing }, silent: true }).catch(() => undefined);
