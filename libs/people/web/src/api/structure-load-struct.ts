import { structureRoutes } from '@intranet/people-contract/structure';
import { call } from '@intranet/web-api';

/** POST /api/structure/load_struct (§5 HR integration): loads the departments from the HR system; the answer is the report. */
export const loadStructureFromHr = (clientId: string) => call(structureRoutes.structureLoadStruct, { body: { client_id: clientId }, silent: true });
