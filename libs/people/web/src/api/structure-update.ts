import { structureRoutes } from '@intranet/people-contract/structure';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';

/** PUT /api/structure/{id} (§7 Structure, §5 Department): renames a department or moves it (with its subtree). */
export const updateDepartment = (id: string, body: z.input<typeof structureRoutes.structureUpdate.body>) =>
  call(structureRoutes.structureUpdate, { params: { id }, body, silent: true });
