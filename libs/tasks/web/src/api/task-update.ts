import type { z } from '@intranet/platform-contracts';
import { tasksRoutes } from '@intranet/tasks-contract';
import { call } from '@intranet/web-api';

/**
 * PUT /api/task/{id} (§7 Task tracker, §6): owner and admins of the board change any field, performer and
 * co-performers the type, checklist and actual hours. Resolves to the task.
 */
export const updateTask = (id: string, body: z.input<typeof tasksRoutes.taskUpdate.body>) =>
  call(tasksRoutes.taskUpdate, { params: { id }, body, silent: true });
