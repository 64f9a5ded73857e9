import { useQuery } from '@tanstack/react-query';
import { tasksRoutes } from '@intranet/tasks-contract';
import { routeQuery } from '@intranet/web-api';
import { taskKeys } from './keys.ts';

/** GET /api/desk/{id} (§7 generic module call `desk`): the board behind /desk/:id with its lanes and cards in order. */
export const deskGetQueryOptions = (id: string) => routeQuery(taskKeys.board(id), tasksRoutes.deskGet, { params: { id } });

/** The board behind /desk/:id (404 for a non-member). */
export const useBoard = (id: string) => useQuery(deskGetQueryOptions(id));
