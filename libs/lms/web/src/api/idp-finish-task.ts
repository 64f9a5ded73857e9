import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lmsRoutes } from '@intranet/lms-contract';
import { call } from '@intranet/web-api';
import { lmsKeys } from './keys.ts';

/** POST api/idp/finish_task: a task done; the plan finishes with its last task. */
export const finishIdpTask = (idpId: string, taskId: string) => call(lmsRoutes.idpFinishTask, { body: { idp_id: idpId, task_id: taskId }, silent: true });
export function useFinishIdpTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { idpId: string; taskId: string }) => finishIdpTask(v.idpId, v.taskId),
    onSuccess: () => qc.invalidateQueries({ queryKey: lmsKeys.idps() }),
  });
}
