import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/test/{id} (§7 generic module call, module test): one test. */
export const testGetQueryOptions = (workspace: string, id: string) =>
  routeQuery(clientKeys.moduleRecord(workspace, 'test', id), lmsRoutes.testGet, { params: { id } });
/** One test's record on the "all data" tab. */
export const useTest = (workspace: string, id: string | null) => useQuery({ ...testGetQueryOptions(workspace, id ?? ''), enabled: !!id });
