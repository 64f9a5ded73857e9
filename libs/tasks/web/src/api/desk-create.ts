import type { z } from '@intranet/platform-contracts';
import { tasksRoutes } from '@intranet/tasks-contract';
import { call } from '@intranet/web-api';

/** POST /api/desk (§7 generic module call `desk`, right desk_add): a new board the caller owns; resolves to it. */
export const createDesk = (body: z.input<typeof tasksRoutes.deskCreate.body>) => call(tasksRoutes.deskCreate, { body, silent: true });
