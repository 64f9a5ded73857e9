import { useQuery } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { routeQuery } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** GET api/test/{id}: one test (right marks only for LMS administrators). */
export const testGetQueryOptions = (id: string) => routeQuery(lmsKeys.test(id), lmsRoutes.testGet, { params: { id } });
export const useTest = (id: string, enabled = true) => useQuery({ ...testGetQueryOptions(id), enabled });
