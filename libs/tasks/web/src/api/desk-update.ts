import type { z } from '@intranet/platform-contracts';
import { tasksRoutes } from '@intranet/tasks-contract';
import { call } from '@intranet/web-api';

/**
 * PUT /api/desk/{id} (§7 generic module call `desk`; owner, admins): name, description, people, lanes (the whole list
 * in order), or `{status: 'active'}` to restore a finished board. Resolves to the board.
 */
export const updateDesk = (id: string, body: z.input<typeof tasksRoutes.deskUpdate.body>) =>
  call(tasksRoutes.deskUpdate, { params: { id }, body, silent: true });
