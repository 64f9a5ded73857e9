import { useQuery } from '@tanstack/react-query';
import { hrFileRoutes } from '@intranet/people-contract/hr';
import { routeQuery } from '@intranet/web-api';
import { peopleKeys } from './keys.ts';

/** GET /api/user/{userId}/files (§3 User HR files): one employee's HR files with short-lived links. */
export const userFilesQueryOptions = (userId: string) => routeQuery(peopleKeys.hrFiles(userId), hrFileRoutes.userFiles, { params: { userId } });
/** The HR files of one employee. */
export const useHrFiles = (userId: string) => useQuery(userFilesQueryOptions(userId));
