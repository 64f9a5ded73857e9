import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** POST api/course: a draft course (LMS administrators). */
export const createCourse = (body: z.input<typeof lmsRoutes.courseCreate.body>) => call(lmsRoutes.courseCreate, { body, silent: true });
export function useCreateCourse() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createCourse, onSuccess: () => qc.invalidateQueries({ queryKey: lmsKeys.all }) });
}
