import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { peopleText } from './locales.ts';
import { clientUpdate, type Client } from '@intranet/clients-contract';
import { z } from '@intranet/platform-contracts';
import { useApiForm, type FieldValues } from '@intranet/web-forms';
import { errorText, PageLoadError, pageLoadKind } from '@intranet/web-i18n';
import { useClient } from './api/client-get.ts';
import { clientSaved, updateClient } from './api/client-update.ts';
import { ErrorState, Loader, useNotifier } from '@intranet/web-ui';

/**
 * The employee administration tabs of §2 whose data the clients service holds (§3 Client): "company data",
 * "other settings" and "integrations" (HR system). Each loads the client fresh (GET api/clients/{id}: loading,
 * no-access/not-found page, error with Retry) and saves with PUT api/clients/{id} through one `useApiForm` over the
 * contract's clientUpdate (§5 limits checked before sending and by the server; field errors under the fields, other
 * errors above the form, in the user's language).
 */

type Patch = Record<string, unknown>;

/** Loading, no-access / not-found page or error with Retry around a tab's form; the form gets the loaded client. */
export function WithClient({ id, testId, children }: { id: string; testId: string; children: (c: Client) => ReactNode }) {
  const q = useClient(id);
  if (q.isPending) return <Loader testId={`${testId}-loading`} />;
  if (q.isError)
    return pageLoadKind(q.error) !== 'error' ? (
      <PageLoadError error={q.error} />
    ) : (
      <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} testId={`${testId}-error`} />
    );
  return <>{children(q.data)}</>;
}

/** The PUT api/clients/{id} body a tab's values make (the contract's clientUpdate checks it). */
export type BodyOf<V> = (values: V) => Patch;

/**
 * One tab's form: `useApiForm` over the contract's `clientUpdate` fed with `bodyOf(values)` (§5 limits worded in the
 * user's language under the fields, before sending and from the server; other errors above the form), saving with
 * PUT api/clients/{id}; the tab's query and the session's copy of the client take the answer, then `onSaved` runs.
 * A server field error names a body path: shown under the form field of that path, else above the form.
 */
export function useClientForm<V extends FieldValues>(client: Client, defaultValues: V, bodyOf: BodyOf<V>, onSaved?: () => void) {
  const qc = useQueryClient();
  const notifier = useNotifier();
  const { t } = peopleText.useT();
  return useApiForm({
    schema: z.preprocess((v) => bodyOf(v as V), clientUpdate) as unknown as z.ZodType<Record<string, unknown>, V>,
    defaultValues: defaultValues as never,
    onSubmit: async (body) => {
      clientSaved(qc, await updateClient(client._id, body as never));
      notifier.toast(t('settings.saved'));
      onSaved?.();
    },
  });
}

/** '' → null, so an emptied field clears the stored value. */
export const orNull = (s: string) => (s.trim() === '' ? null : s);
