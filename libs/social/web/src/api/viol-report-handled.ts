import { useMutation, useQueryClient } from '@tanstack/react-query';
import { socialRoutes } from '@intranet/social-contract';
import { call } from '@intranet/web-api';
import { errorText } from '@intranet/web-i18n';
import { useNotifier } from '@intranet/web-ui';
import { socialKeys } from './keys.ts';

/** PUT api/viol_report/{id}/handled (§3 Violation report): mark a report handled or not (admins). */
export const markViolReport = (a: { id: string; handled: boolean }) =>
  call(socialRoutes.violReportHandled, { params: { id: a.id }, body: { handled: a.handled }, silent: true });
/** Marks a report and reloads the reports; a refusal is toasted. */
export function useMarkViolReport() {
  const qc = useQueryClient();
  const notify = useNotifier();
  return useMutation({
    mutationFn: markViolReport,
    onSuccess: () => void qc.invalidateQueries({ queryKey: socialKeys.reports() }),
    onError: (e) => notify.toast(errorText(e), 'error'),
  });
}
