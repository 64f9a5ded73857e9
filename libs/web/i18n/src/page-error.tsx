import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@intranet/web-api';
import { useErrorText } from './forms.ts';

/** What a failed page load means to the user (§8): the entity is not there, the user may not see it, or a failure. */
export type PageLoadKind = 'notFound' | 'noAccess' | 'error';

/**
 * Classifies the error of a page's entity load: 404, or a 400 validation error on the URL's id (a malformed id
 * such as /post/garbage), is 'notFound'; 403 is 'noAccess'; anything else is an 'error' worth a Retry.
 */
export function pageLoadKind(error: unknown): PageLoadKind {
  if (!isApiError(error)) return 'error';
  if (error.status === 404) return 'notFound';
  if (error.status === 403 && error.code !== 'login_blocked') return 'noAccess';
  if (error.status === 400 && error.fields.some((f) => /^(params\.)?(id|_id|\w*Id)$/.test(f.field) || f.code === 'invalidId')) return 'notFound';
  return 'error';
}

/**
 * The page shown when a page's entity failed to load: §8 not-found ('page no longer relevant') for an unknown or
 * malformed id, a clear "you have no access" for a missing right (no Retry: retrying cannot help), otherwise the
 * worded error with Retry. `home` is the way back (a router link); test ids: page-not-found, page-no-access,
 * page-error (+ -retry).
 */
export function PageLoadError({ error, onRetry, home }: { error: unknown; onRetry?: () => void; home?: ReactNode }) {
  const { t } = useTranslation('shell');
  const word = useErrorText();
  const kind = pageLoadKind(error);
  if (kind === 'notFound') {
    return (
      <div className="ui-state" role="alert" data-testid="page-not-found">
        <p className="ui-state__title">{t('notFound.title')}</p>
        <p className="ui-state__text">{t('notFound.text')}</p>
        {home}
      </div>
    );
  }
  if (kind === 'noAccess') {
    return (
      <div className="ui-state" role="alert" data-testid="page-no-access">
        <p className="ui-state__title">{t('noAccess.title')}</p>
        <p className="ui-state__text">{t('noAccess.text')}</p>
        {home}
      </div>
    );
  }
  return (
    <div className="ui-state ui-state--error" role="alert" data-testid="page-error">
      <p className="ui-state__title">{t('common:error')}</p>
      <p className="ui-state__text">{word(error)}</p>
      {onRetry ? (
        <button type="button" className="ui-btn ui-btn--secondary" onClick={onRetry} data-testid="page-error-retry">
          {t('common:retry')}
        </button>
      ) : null}
    </div>
  );
}
