import { useEffect, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { zodFieldErrors } from '@intranet/platform-contracts';
import { peopleRoutes } from '@intranet/people-contract';
import { call, isApiError } from '@intranet/web-api';
import { fieldErrorTexts, useErrorText } from '@intranet/web-i18n';
import { Alert, Button, Input } from '@intranet/web-ui';
import { PublicLayout } from '../layout/PublicLayout.tsx';


/**
 * /forgot-password/ (§2, §7): posts `{ email }` to /api/forgot_password and confirms the link was sent.
 * Test ids: forgot-email, forgot-submit, forgot-sent, forgot-error.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('shell');
  const word = useErrorText();
  const firstErrors = (list: Parameters<typeof fieldErrorTexts>[1]) => fieldErrorTexts(t, list);
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
      setError(word(err));
      if (isApiError(err) && err.fields.length) setErrors(firstErrors(err.fields));
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
  const word = useErrorText();
  const firstErrors = (list: Parameters<typeof fieldErrorTexts>[1]) => fieldErrorTexts(t, list);
  const { token = '' } = useParams();
  // The link is checked as the page opens: a used or expired one is refused before the form is filled.
  const [link, setLink] = useState<'checking' | 'valid' | string>('checking');
  useEffect(() => {
    let live = true;
    call(peopleRoutes.resetPasswordCheck, { params: { token }, silent: true })
      .then(() => live && setLink('valid'))
      .catch((err) => {
        if (!live) return;
        // No answer: let the form try (the POST reports its own error).
        if (isApiError(err) && err.status === 0) return setLink('valid');
        setLink(isApiError(err) && err.status === 400 ? word({ code: 'resetLinkInvalid' }) : word(err));
      });
    return () => {
      live = false;
    };
  }, [token, word]);
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
      setError(word(err));
      if (isApiError(err) && err.fields.length) setErrors(firstErrors(err.fields));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicLayout title={t('reset.title')} testId="reset-page">
      {link !== 'valid' && link !== 'checking' && !done ? (
        <>
          <Alert testId="reset-link-invalid">{link}</Alert>
          <Link to="/forgot-password/" className="ui-btn ui-btn--big ui-btn--primary ui-btn--block" data-testid="reset-request-new">{t('reset.requestNew')}</Link>
        </>
      ) : done ? (
        <>
          <Alert kind="success" testId="reset-done">{t('reset.done')}</Alert>
          <Link to="/login/" className="ui-btn ui-btn--big ui-btn--primary ui-btn--block" data-testid="reset-login-link">{t('reset.toLogin')}</Link>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          {error ? <Alert testId="reset-error">{error}</Alert> : null}
          <Input id="reset-password" label={t('reset.password')} type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} required autoFocus data-testid="reset-password" />
          <Input id="reset-confirm" label={t('reset.confirm')} type="password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirm(e.target.value)} error={errors.confirmPassword} required data-testid="reset-confirm" />
          <Button type="submit" size="big" block loading={busy} disabled={link === 'checking'} data-testid="reset-submit">{t('reset.submit')}</Button>
        </form>
      )}
    </PublicLayout>
  );
}
