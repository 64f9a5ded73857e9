import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { call } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** POST api/courses/{id}/members: appoint the course (replaces the list; a draft becomes appointed). */
export const setMembers = (courseId: string, body: { users: string[]; departments: string[] }) =>
  call(lmsRoutes.memberSet, { params: { id: courseId }, body, silent: true });
export function useSetMembers(courseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { users: string[]; departments: string[] }) => setMembers(courseId, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: lmsKeys.all }),
  });
}
