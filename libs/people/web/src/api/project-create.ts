import { projectRoutes } from '@intranet/people-contract/structure';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST /api/project/ (§7 Projects): creates a project (the caller is its creator). */
export const createProject = (body: z.input<typeof projectRoutes.projectCreate.body>) => call(projectRoutes.projectCreate, { body, silent: true });
