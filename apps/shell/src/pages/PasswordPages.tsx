import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { peopleRoutes } from '@intranet/people-contract';
import { call, isApiError } from '@intranet/web-api';
import { ApiFormView, FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { useErrorText } from '@intranet/web-i18n';
import { Alert } from '@intranet/web-ui';
import { PublicLayout } from '../layout/PublicLayout.tsx';

/**
 * /forgot-password/ (§2, §7): posts `{ email }` to /api/forgot_password (a `useApiForm` over the route's body: field
 * errors under the field, other server errors above it, in the user's language) and confirms the link was sent.
 * Test ids: forgot-email, forgot-submit, forgot-sent, forgot-error.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('shell');
  const [sent, setSent] = useState(false);
  const form = useApiForm({
    schema: peopleRoutes.authForgot.body,
    defaultValues: { email: '' },
    onSubmit: async (body) => {
      await call(peopleRoutes.authForgot, { body, silent: true });
      setSent(true);
    },
  });

  return (
    <PublicLayout title={t('forgot.title')} testId="forgot-page">
      {sent ? (
        <Alert kind="success" testId="forgot-sent">
          {t('forgot.sent')}
        </Alert>
      ) : (
        <>
          <p className="shell-muted">{t('forgot.text')}</p>
          <ApiFormView form={form} errorTestId="forgot-error">
            <FormField form={form} name="email" id="forgot-email" label={t('forgot.email')} type="email" autoComplete="email" required autoFocus />
            <SubmitRow form={form} size="big" block label={t('forgot.submit')} testId="forgot-submit" />
          </ApiFormView>
        </>
      )}
      <div className="shell-public__links">
        <Link to="/login/">{t('forgot.back')}</Link>
      </div>
    </PublicLayout>
  );
}

/**
 * /reset-password/{token} (§2, §7): posts `{ password, confirmPassword }` to /api/reset_password/{token} (a
 * `useApiForm` over the route's body, 'Passwords must match' under the confirmation), then
 * links to /login. Test ids: reset-password, reset-confirm, reset-submit, reset-done, reset-login-link, reset-error.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('shell');
  const word = useErrorText();
  const { token = '' } = useParams();
  // The link is checked as the page opens: a used or expired one is refused before the form is filled.
  const [link, setLink] = useState<'checking' | 'valid' | string>('checking');
  useEffect(() => {
    let live = true;
    call(peopleRoutes.authResetCheck, { params: { token }, silent: true })
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
  const [done, setDone] = useState(false);
  const form = useApiForm({
    schema: peopleRoutes.authReset.body,
    defaultValues: { password: '', confirmPassword: '' },
    onSubmit: async (body) => {
      await call(peopleRoutes.authReset, { params: { token }, body, silent: true });
      setDone(true);
    },
  });

  return (
    <PublicLayout title={t('reset.title')} testId="reset-page">
      {link !== 'valid' && link !== 'checking' && !done ? (
        <>
          <Alert testId="reset-link-invalid">{link}</Alert>
          <Link to="/forgot-password/" className="ui-btn ui-btn--big ui-btn--primary ui-btn--block" data-testid="reset-request-new">
            {t('reset.requestNew')}
          </Link>
        </>
      ) : done ? (
        <>
          <Alert kind="success" testId="reset-done">
            {t('reset.done')}
          </Alert>
          <Link to="/login/" className="ui-btn ui-btn--big ui-btn--primary ui-btn--block" data-testid="reset-login-link">
            {t('reset.toLogin')}
          </Link>
        </>
      ) : (
        <ApiFormView form={form} errorTestId="reset-error">
          <FormField
            form={form}
            name="password"
            id="reset-password"
            label={t('reset.password')}
            type="password"
            autoComplete="new-password"
            required
            autoFocus
          />
          <FormField form={form} name="confirmPassword" id="reset-confirm" label={t('reset.confirm')} type="password" autoComplete="new-password" required />
          <SubmitRow form={form} size="big" block label={t('reset.submit')} disabled={link === 'checking'} testId="reset-submit" />
        </ApiFormView>
      )}
    </PublicLayout>
  );
}
