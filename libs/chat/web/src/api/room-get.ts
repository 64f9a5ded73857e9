import { useQuery } from '@tanstack/react-query';
import { chatRoutes } from '@intranet/chat-contract';
import { routeQuery } from '@intranet/web-api';
import { chatKeys } from './keys.ts';

/** GET /api/chat/room/{id} (§7 Chat, §3 Chat room): one room with its members (members only; 404 otherwise). */
export const roomGetQueryOptions = (id: string) => routeQuery(chatKeys.room(id), chatRoutes.roomGet, { params: { id } });

/** The room behind /chat/:id; a missing room is not retried (the page says so at once). */
export const useRoom = (id: string) => useQuery({ ...roomGetQueryOptions(id), retry: false });
