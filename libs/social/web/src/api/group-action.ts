import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText, type NamespaceKey } from '@intranet/web-i18n';
import { useNotifier } from '@intranet/web-ui';
import { wallText } from '../locales.ts';
import { socialKeys } from './keys.ts';

/** A group write's mutation (§4 Group transitions): runs `fn`, refreshes every group query, words a refusal in a toast; `done` is toasted on success. */
export function useGroupAction<A>(fn: (a: A) => Promise<unknown>, done?: NamespaceKey<typeof wallText>) {
  const qc = useQueryClient();
  const notify = useNotifier();
  const { t } = wallText.useT();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: socialKeys.groups() });
      if (done) notify.toast(t(done), 'success');
    },
    onError: (e) => notify.toast(errorText(e), 'error'),
  });
}
