import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { peopleRoutes, PEOPLE_TEXT } from '@intranet/people-contract';
import { call, isApiError, readLoginNotice, readStoredClient, writeLoginNotice } from '@intranet/web-api';
import { useApiForm } from '@intranet/web-forms';
import { translateServerMessage } from '@intranet/web-i18n';
import { clearSession, takeRememberedPath, useSession } from '@intranet/web-session';
import { Alert, Button, Input } from '@intranet/web-ui';
import { PublicLayout } from '../layout/PublicLayout.tsx';

/**
 * Sign-in page (§2 /login/ and /login_new/), one `useApiForm` over the route's body schema. `workspace` mode adds
 * the workspace field and posts to /api/loginPage; otherwise /api/login. On success stores the session (§4) and goes
 * to the remembered path or `/`; on failure shows the server's §8 error worded in the user's language (field errors
 * under their field) and clears the stored session. After a session ended because the client was blocked it opens
 * with the 'Login blocked' error.
 * Test ids: login-input, password-input, workspace-input, login-submit, login-error.
 */
export function LoginPage({ workspaceMode }: { workspaceMode: boolean }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const session = useSession();
  // A client blocked mid-session lands here with the 'blocked' notice (§8: 403 → login error 'Login blocked').
  const [notice, setNotice] = useState<string | null>(() =>
    readLoginNotice() === 'blocked' || (location.state as { blocked?: boolean } | null)?.blocked ? translateServerMessage('Login blocked') : null,
  );
  const [ambiguous, setAmbiguous] = useState(false);
  const expired = (location.state as { expired?: boolean } | null)?.expired === true;
  const route = workspaceMode ? peopleRoutes.loginPage : peopleRoutes.login;

  const form = useApiForm({
    schema: route.body,
    defaultValues: {
      login: '',
      password: '',
      workspace: workspaceMode ? (params.get('ws') ?? params.get('workspace') ?? readStoredClient()?.workspace ?? '') : undefined,
    },
    onSubmit: async (body) => {
      try {
        const answer = await call(route, { body: workspaceMode ? body : { login: body.login, password: body.password }, silent: true });
        if (!session.signIn(answer)) {
          form.setFormError(t('login.expired'));
          return;
        }
        navigate(takeRememberedPath() ?? '/', { replace: true });
      } catch (err) {
        clearSession();
        setAmbiguous(isApiError(err) && err.message === PEOPLE_TEXT.ambiguousLogin);
        throw err;
      }
    },
  });
  const submit = (e: FormEvent) => {
    // The reason the last session ended stays on this page (a reload included) until the next sign-in attempt.
    writeLoginNotice(null);
    setNotice(null);
    setAmbiguous(false);
    void form.submit(e);
  };
  const error = form.formError ?? notice;

  return (
    <PublicLayout title={workspaceMode ? t('login.workspaceTitle') : t('login.title')} testId="login-page">
      {expired && !error ? (
        <Alert kind="info" testId="login-expired">
          {t('login.expired')}
        </Alert>
      ) : null}
      {error ? (
        <Alert testId="login-error">
          {error}
          {ambiguous ? (
            <>
              {' '}
              <Link to="/login_new/">{t('login.otherWorkspace')}</Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate aria-label={t('login.title')} aria-busy={form.busy || undefined}>
        {workspaceMode ? (
          <Input id="workspace" label={t('login.workspace')} autoComplete="organization" {...form.field('workspace')} required data-testid="workspace-input" />
        ) : null}
        <Input id="login" label={t('login.login')} autoComplete="username" {...form.field('login')} required autoFocus data-testid="login-input" />
        <Input
          id="password"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
          required
          data-testid="password-input"
        />
        <Button type="submit" size="big" block loading={form.busy} data-testid="login-submit">
          {form.busy ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <div className="shell-public__links">
        <Link to="/forgot-password/" data-testid="forgot-link">
          {t('login.forgot')}
        </Link>
        {workspaceMode ? (
          <Link to="/login/">{t('login.commonLogin')}</Link>
        ) : (
          <Link to="/login_new/" data-testid="workspace-login-link">
            {t('login.otherWorkspace')}
          </Link>
        )}
      </div>
    </PublicLayout>
  );
}
