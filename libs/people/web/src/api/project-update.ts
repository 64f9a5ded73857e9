import { projectRoutes } from '@intranet/people-contract/structure';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** PUT /api/project/{id} (§7 Projects): changes a project (`participants` replaces them). */
export const updateProject = (id: string, body: z.input<typeof projectRoutes.projectUpdate.body>) =>
  call(projectRoutes.projectUpdate, { params: { id }, body, silent: true });
