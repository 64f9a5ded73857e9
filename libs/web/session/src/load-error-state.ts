import type { ReactNode } from 'react';
import { isApiError } from '@intranet/web-api';

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
 * Which state a failed load shows (see {@link LoadError}): 'noAccess' for a 403 when the page words one, 'notFound'
 * for a 404 (and a 400 unless `notFoundOn400` is false) when it words one, 'noAnswer' for status 0 when it words one,
 * else 'error'.
 */
export function loadErrorState(
  error: unknown,
  { noAccess, notFound, notFoundOn400 = true, noAnswer }: Pick<LoadErrorProps, 'noAccess' | 'notFound' | 'notFoundOn400' | 'noAnswer'>,
): 'noAccess' | 'notFound' | 'noAnswer' | 'error' {
  if (!isApiError(error)) return 'error';
  if (error.status === 403 && noAccess) return 'noAccess';
  if (notFound && (error.status === 404 || (notFoundOn400 && error.status === 400))) return 'notFound';
  if (error.status === 0 && noAnswer) return 'noAnswer';
  return 'error';
}
