import { useQuery } from '@tanstack/react-query';
import { lifeJobRoutes } from '@intranet/clients-contract';
import { routeQuery } from '@intranet/web-api';
import { clientKeys } from './keys.ts';

/** GET /api/clients/{id}/jobs (issue 36, superadmin): the workspace's newest long jobs with their progress. */
export const jobListQueryOptions = (id: string) => routeQuery(clientKeys.jobs(id), lifeJobRoutes.jobList, { params: { id } });
/** The jobs of a workspace, polled every second while one is queued or running (the progress bars move). */
export const useJobs = (id: string) =>
  useQuery({
    ...jobListQueryOptions(id),
    refetchInterval: (q) => (q.state.data?.some((j) => j.status === 'queued' || j.status === 'running') ? 1000 : false),
  });
