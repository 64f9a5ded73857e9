import { lifeJobRoutes, type lifeJobStart } from '@intranet/clients-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST /api/clients/jobs {kind, ...} (issue 36, superadmin): starts a clone, full delete, export or import job. */
export const startJob = (body: z.input<typeof lifeJobStart>) => call(lifeJobRoutes.jobStart, { body, silent: true });
