import { projectRoutes } from '@intranet/people-contract/structure';
import { call } from '@intranet/web-api';

/** POST /api/projectParticipant/ (§7 Projects): adds participants to a project. */
export const addProjectParticipants = (projectId: string, users: string[]) =>
  call(projectRoutes.projectParticipantAdd, { body: { project_id: projectId, users }, silent: true });
