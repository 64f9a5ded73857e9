import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pollsText } from './locales.ts';
import { POLL_CODES } from '@intranet/polls-contract';
import { isApiError } from '@intranet/web-api';
import { LoadError as SharedLoadError, NeedSession, useSession } from '@intranet/web-session';
import { EmptyState } from '@intranet/web-ui';

/** The current client, user and role flags the polls pages need. */
export function usePolls() {
  const s = useSession();
  return { clientId: s.client?._id ?? s.user?.client_id ?? null, uid: s.uid, workspace: s.workspace, isAdmin: s.isAdmin, status: s.status };
}

/** Loading until the session is known; an empty state without a workspace. */
export function NeedClient({ children }: { children: ReactNode }) {
  const { t } = pollsText.useT();
  return <NeedSession noClient={{ title: t('noClient'), testId: 'polls-no-client' }}>{children}</NeedSession>;
}

/**
 * A failed load: 403 'This poll is not for you' (or, for an anonymous poll's results, who may see them), 404 not found, no answer at all → §8 'No response from server',
 * anything else worded from its code.
 */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = pollsText.useT();
  const back = <Link to="/polls">{t('title')}</Link>;
  // §6: an anonymous poll's results are its managers'; its recipients are told so, not that the poll is not theirs.
  if (isApiError(error) && error.code === POLL_CODES.resultsManagersOnly)
    return <EmptyState title={t('res.managersOnly')} text={t('res.managersOnlyWhy')} testId="polls-results-managers-only" action={back} />;
  return (
    <SharedLoadError
      error={error}
      onRetry={onRetry}
      testId="polls"
      back={back}
      noAccess={{ title: t('noAccess') }}
      notFound={{ title: t('notFound') }}
      noAnswer={t('loadError')}
    />
  );
}
