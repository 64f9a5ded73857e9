import { projectRoutes } from '@intranet/people-contract/structure';
import { call } from '@intranet/web-api';

/** DELETE /api/project/{id} (§7 Projects): deletes a project. */
export const deleteProject = (id: string) => call(projectRoutes.projectDelete, { params: { id }, silent: true });
