import type { ReactNode } from 'react';
import { useErrorText } from '@intranet/web-i18n';
import { EmptyState, ErrorState, Loader } from '@intranet/web-ui';
import { useSession } from './provider.tsx';
import { loadErrorState, type LoadErrorProps } from './load-error-state.ts';

export { loadErrorState, type LoadErrorProps, type StateText } from './load-error-state.ts';

/**
 * The one failed-load state of the domains' pages (issue 31 §4): 403 → `noAccess`, 404 (and 400) → `notFound`, each
 * an empty state with the way back; anything else an error state with Retry, worded from its §8 code in the user's
 * language (or `noAnswer` when the server did not answer).
 */
export function LoadError(props: LoadErrorProps) {
  const { error, onRetry, testId, back, noAccess, notFound, noAnswer } = props;
  const word = useErrorText();
  const state = loadErrorState(error, props);
  if (state === 'noAccess') return <EmptyState title={noAccess!.title} text={noAccess!.text} testId={`${testId}-no-access`} action={back} />;
  if (state === 'notFound') return <EmptyState title={notFound!.title} text={notFound!.text} testId={`${testId}-not-found`} action={back} />;
  return <ErrorState message={state === 'noAnswer' ? noAnswer : word(error)} onRetry={onRetry} testId={`${testId}-error`} />;
}

/**
 * The one session gate of the domains' pages (issue 31 §4): a loader until the session is known; then the children
 * for a signed-in user. With `noClient`, a user without a workspace (client) gets that empty state instead; without
 * it, only a missing user shows nothing.
 */
export function NeedSession({ children, noClient }: { children: ReactNode; noClient?: { title: string; testId: string } }) {
  const s = useSession();
  if (s.status === 'loading') return <Loader />;
  const clientId = s.client?._id ?? s.user?.client_id ?? null;
  if (noClient && (!clientId || !s.uid)) return <EmptyState title={noClient.title} testId={noClient.testId} />;
  if (!s.uid) return null;
  return <>{children}</>;
}
