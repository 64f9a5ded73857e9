import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { zodFieldErrors } from '@intranet/platform-contracts';
import { peopleRoutes } from '@intranet/people-contract';
import { call, isApiError } from '@intranet/web-api';
import { translateServerMessage } from '@intranet/web-i18n';
import { Alert, Button, Input } from '@intranet/web-ui';
import { PublicLayout } from '../layout/PublicLayout.tsx';

function firstErrors(list: { field: string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of list) if (!out[e.field]) out[e.field] = translateServerMessage(e.message);
  return out;
}

/**
 * /forgot-password/ (§2, §7): posts `{ email }` to /api/forgot_password and confirms the link was sent.
 * Test ids: forgot-email, forgot-submit, forgot-sent, forgot-error.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('shell');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = peopleRoutes.forgotPassword.body.safeParse({ email });
    if (!parsed.success) return setErrors(firstErrors(zodFieldErrors(parsed.error)));
    setErrors({});
    setBusy(true);
    try {
      await call(peopleRoutes.forgotPassword, { body: parsed.data, silent: true });
      setSent(true);
    } catch (err) {
      if (isApiError(err) && err.status === 0) return;
      setError(translateServerMessage(isApiError(err) ? err.message : 'An error occured'));
      if (isApiError(err) && err.errors) setErrors(firstErrors(err.errors));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicLayout title={t('forgot.title')} testId="forgot-page">
      {sent ? (
        <Alert kind="success" testId="forgot-sent">{t('forgot.sent')}</Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="shell-muted">{t('forgot.text')}</p>
          {error ? <Alert testId="forgot-error">{error}</Alert> : null}
          <Input id="forgot-email" label={t('forgot.email')} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required autoFocus data-testid="forgot-email" />
          <Button type="submit" size="big" block loading={busy} data-testid="forgot-submit">{t('forgot.submit')}</Button>
        </form>
      )}
      <div className="shell-public__links">
        <Link to="/login/">{t('forgot.back')}</Link>
      </div>
    </PublicLayout>
  );
}

/**
 * /reset-password/{token} (§2, §7): posts `{ password, confirmPassword }` to /api/reset_password/{token}, then
 * links to /login. Test ids: reset-password, reset-confirm, reset-submit, reset-done, reset-login-link, reset-error.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('shell');
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = peopleRoutes.resetPassword.body.safeParse({ password, confirmPassword });
    if (!parsed.success) return setErrors(firstErrors(zodFieldErrors(parsed.error)));
    setErrors({});
    setBusy(true);
    try {
      await call(peopleRoutes.resetPassword, { params: { token }, body: parsed.data, silent: true });
      setDone(true);
    } catch (err) {
      if (isApiError(err) && err.status === 0) return;
      setError(translateServerMessage(isApiError(err) ? err.message : 'An error occured'));
      if (isApiError(err) && err.errors) setErrors(firstErrors(err.errors));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicLayout title={t('reset.title')} testId="reset-page">
      {done ? (
        <>
          <Alert kind="success" testId="reset-done">{t('reset.done')}</Alert>
          <Link to="/login/" className="ui-btn ui-btn--big ui-btn--primary ui-btn--block" data-testid="reset-login-link">{t('reset.toLogin')}</Link>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          {error ? <Alert testId="reset-error">{error}</Alert> : null}
          <Input id="reset-password" label={t('reset.password')} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} required autoFocus data-testid="reset-password" />
          <Input id="reset-confirm" label={t('reset.confirm')} type="password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirm(e.target.value)} error={errors.confirmPassword} required data-testid="reset-confirm" />
          <Button type="submit" size="big" block loading={busy} data-testid="reset-submit">{t('reset.submit')}</Button>
        </form>
      )}
    </PublicLayout>
  );
}
