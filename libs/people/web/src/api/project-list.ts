import { useQuery } from '@tanstack/react-query';
import { projectRoutes } from '@intranet/people-contract/structure';
import { routeQuery } from '@intranet/web-api';
import { peopleKeys } from './keys.ts';

/** GET /api/project/ (§7 Projects): the projects of the caller's client (`clientId` keys the cache), by name. */
export const projectListQueryOptions = (clientId: string) => routeQuery(peopleKeys.projects(clientId), projectRoutes.projectList);
/** The projects panel's list. */
export const useProjects = (clientId: string) => useQuery(projectListQueryOptions(clientId));
