import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

/** Determinate progress bar (role=progressbar, 0–100). Default data-testid "progress-bar". */
export function ProgressBar({ value, label, name, testId = 'progress-bar' }: { value: number; label?: ReactNode; name?: string; testId?: string }) {
  const v = Math.max(0, Math.min(100, Math.round(value)));
  const labelId = useId();
  // The bar's accessible name: `name` when given (what is progressing), else the visible label under it.
  return (
    <div className="ui-progress">
      <div
        className="ui-progress__track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={v}
        aria-label={name}
        aria-labelledby={name ? undefined : labelId}
        data-testid={testId}
      >
        <div className="ui-progress__bar" style={{ width: `${v}%` }} />
      </div>
      <div className="ui-progress__label" id={labelId}>
        {label ?? `${v}%`}
      </div>
    </div>
  );
}

/** Spinner; `fullscreen` covers the page (the root layout's loader until user and client are loaded, §2). */
export function Loader({ label, fullscreen, testId = 'loader' }: { label?: ReactNode; fullscreen?: boolean; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={`ui-loader${fullscreen ? ' ui-loader--fullscreen' : ''}`} role="status" aria-live="polite" data-testid={testId}>
      <div className="ui-loader__spinner" aria-hidden="true" />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}

/** "Nothing here" block with an optional action. */
export function EmptyState({ title, text, action, testId = 'empty-state' }: { title?: ReactNode; text?: ReactNode; action?: ReactNode; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="ui-state" data-testid={testId}>
      <p className="ui-state__title">{title ?? t('empty')}</p>
      {text ? <p className="ui-state__text">{text}</p> : null}
      {action}
    </div>
  );
}

/** Failed load block with the error text and a Retry button (when `onRetry` is given). */
export function ErrorState({
  title,
  message,
  onRetry,
  testId = 'error-state',
}: {
  title?: ReactNode;
  message?: ReactNode;
  onRetry?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="ui-state ui-state--error" role="alert" data-testid={testId}>
      <p className="ui-state__title">{title ?? t('error')}</p>
      {message ? <p className="ui-state__text">{message}</p> : null}
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} data-testid={`${testId}-retry`}>
          {t('retry')}
        </Button>
      ) : null}
    </div>
  );
}

/** Whole-screen message, e.g. §8 'No connection to server!'. */
export function FullScreenMessage({ title, text, action, testId }: { title: ReactNode; text?: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <div className="ui-fullscreen" role="alert" data-testid={testId}>
      <div className="ui-fullscreen__card">
        <h1 className="ui-fullscreen__title">{title}</h1>
        {text ? <p>{text}</p> : null}
        {action}
      </div>
    </div>
  );
}

/** Small rounded label (roles, statuses). */
export function Badge({ children, tone }: { children: ReactNode; tone?: 'primary' | 'danger' | 'success' }) {
  return <span className={`ui-badge${tone ? ` ui-badge--${tone}` : ''}`}>{children}</span>;
}
