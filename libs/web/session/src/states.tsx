import type { ReactNode } from 'react';
import { isApiError } from '@intranet/web-api';
import { useErrorText } from '@intranet/web-i18n';
import { EmptyState, ErrorState, Loader } from '@intranet/web-ui';
import { useSession } from './provider.tsx';

/** A state's wording: a title and an optional line under it. */
export interface StateText {
  title: string;
  text?: string;
}

/** What a page shows when its load failed, in its domain's words (see {@link LoadError}). */
export interface LoadErrorProps {
  error: unknown;
  onRetry?: () => void;
  /** Test id prefix: `<testId>-no-access`, `<testId>-not-found`, `<testId>-error`. */
  testId: string;
  /** The way back (a router link) under the no-access and not-found states. */
  back?: ReactNode;
  /** 403: this state without Retry (absent: a 403 is worded as an error). */
  noAccess?: StateText;
  /** 404 — and 400, a malformed id, unless `notFoundOn400` is false: this state without Retry. */
  notFound?: StateText;
  notFoundOn400?: boolean;
  /** No answer at all (status 0, §8 'No response from server'): this wording instead of the error's own. */
  noAnswer?: string;
}

/**
 * The one failed-load state of the domains' pages (issue 31 §4): 403 → `noAccess`, 404 (and 400) → `notFound`, each
 * an empty state with the way back; anything else an error state with Retry, worded from its §8 code in the user's
 * language (or `noAnswer` when the server did not answer).
 */
export function LoadError({ error, onRetry, testId, back, noAccess, notFound, notFoundOn400 = true, noAnswer }: LoadErrorProps) {
  const word = useErrorText();
  if (isApiError(error) && error.status === 403 && noAccess)
    return <EmptyState title={noAccess.title} text={noAccess.text} testId={`${testId}-no-access`} action={back} />;
  if (isApiError(error) && notFound && (error.status === 404 || (notFoundOn400 && error.status === 400)))
    return <EmptyState title={notFound.title} text={notFound.text} testId={`${testId}-not-found`} action={back} />;
  const message = isApiError(error) && error.status === 0 && noAnswer ? noAnswer : word(error);
  return <ErrorState message={message} onRetry={onRetry} testId={`${testId}-error`} />;
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
