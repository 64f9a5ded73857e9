import { useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
// The zod-free parts of the people contract: the sign-in page is part of the shell's first load (issue 8 §5).
import type { peopleRoutes } from '@intranet/people-contract';
import { peopleRefs } from '@intranet/people-contract/refs';
import { signInSchema } from '@intranet/people-contract/sign-in';
import { PEOPLE_TEXT } from '@intranet/people-contract/text';
import type { RouteRef } from '@intranet/platform-contracts/base';
import { call, isApiError, readLoginNotice, readStoredClient, writeLoginNotice } from '@intranet/web-api';
import { FormField, SubmitRow, useApiForm } from '@intranet/web-forms';
import { hasExplicitLanguage, setLanguage, translateServerMessage } from '@intranet/web-i18n';
import { clearSession, takeRememberedPath, useSession } from '@intranet/web-session';
import { Alert } from '@intranet/web-ui';
import { PublicLayout } from '../layout/PublicLayout.tsx';
import { SsoButtons } from './SsoPages.tsx';

/**
 * Sign-in page (§2 /login/ and /login_new/), one `useApiForm` over the route's body rules (`signInSchema`: the body
 * schema in zod/mini, so the shell's first load carries no full zod). `workspace` mode adds
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
  const route: RouteRef<typeof peopleRoutes.authLogin | typeof peopleRoutes.authLoginPage> = workspaceMode ? peopleRefs.authLoginPage : peopleRefs.authLogin;
  const schema = useMemo(() => signInSchema(workspaceMode), [workspaceMode]);

  const form = useApiForm({
    schema,
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
        // The profile language's catalogues come before the first signed-in screen (RootLayout keeps following it).
        if (answer.result?.lang && !hasExplicitLanguage()) await setLanguage(answer.result.lang);
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
      {/* Not ApiFormView: each attempt first clears the stored notice, and the error line above adds a link. */}
      <form onSubmit={submit} noValidate aria-label={t('login.title')} aria-busy={form.busy || undefined}>
        {workspaceMode ? (
          <FormField form={form} name="workspace" id="workspace" testId="workspace-input" label={t('login.workspace')} autoComplete="organization" required />
        ) : null}
        <FormField form={form} name="login" id="login" testId="login-input" label={t('login.login')} autoComplete="username" required autoFocus />
        <FormField
          form={form}
          name="password"
          id="password"
          testId="password-input"
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
        />
        <SubmitRow form={form} size="big" block label={t('login.submit')} busyLabel={t('login.submitting')} testId="login-submit" />
      </form>
      {workspaceMode ? <SsoButtons workspace={String(form.watch('workspace') ?? '')} /> : null}
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
