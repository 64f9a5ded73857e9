import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import type { z } from '@intranet/platform-contracts';
import { call } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** PUT api/course/{id}: fields or status (publish). */
export const updateCourse = (id: string, body: z.input<typeof lmsRoutes.courseUpdate.body>) =>
  call(lmsRoutes.courseUpdate, { params: { id }, body, silent: true });
export function useUpdateCourse(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof lmsRoutes.courseUpdate.body>) => updateCourse(id, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: lmsKeys.all }),
  });
}
