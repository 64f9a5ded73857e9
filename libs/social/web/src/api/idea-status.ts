import { useMutation, useQueryClient } from '@tanstack/react-query';
import { socialRoutes, type IdeaStatus } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { errorText } from '@intranet/web-i18n';
import { useNotifier } from '@intranet/web-ui';
import { socialKeys } from './keys.ts';

/** PUT api/idea/{id}/status (§3 Idea): set an idea's status (admins). */
export const setIdeaStatus = (a: { id: string; status: IdeaStatus }) =>
  call(socialRoutes.ideaStatus, { params: { id: a.id }, body: { status: a.status }, silent: true });
/** Sets a status and reloads the ideas; a refusal is toasted. */
export function useSetIdeaStatus() {
  const qc = useQueryClient();
  const notify = useNotifier();
  return useMutation({
    mutationFn: setIdeaStatus,
    onSuccess: () => void qc.invalidateQueries({ queryKey: socialKeys.ideas() }),
    onError: (e) => notify.toast(errorText(e), 'error'),
  });
}
