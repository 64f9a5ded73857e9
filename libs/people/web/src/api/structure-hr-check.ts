import { structureRoutes } from '@intranet/people-contract/structure';
import { call } from '@intranet/web-api';

/** POST /api/structure/hr_check (§2 integrations tab): tests the saved HR connection; changes nothing. */
export const checkHrConnection = (clientId: string) => call(structureRoutes.structureHrCheck, { body: { client_id: clientId }, silent: true });
