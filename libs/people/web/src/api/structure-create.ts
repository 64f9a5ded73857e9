import { structureRoutes } from '@intranet/people-contract/structure';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** POST /api/structure (§7 Structure, §5 Department): adds a department (without a parent: the root of its kind). */
export const createDepartment = (body: z.input<typeof structureRoutes.structureCreate.body>) => call(structureRoutes.structureCreate, { body, silent: true });
