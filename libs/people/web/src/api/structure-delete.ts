import { structureRoutes } from '@intranet/people-contract/structure';
import { call } from '@intranet/web-api';

/** DELETE /api/structure/{id} (§5 Department): deletes a department and its subtree (not the root, none with employees). */
export const deleteDepartment = (id: string) => call(structureRoutes.structureDelete, { params: { id }, silent: true });
