import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { zodFieldErrors } from '@intranet/platform-contracts';
import { peopleRoutes, PEOPLE_TEXT } from '@intranet/people-contract';
import { call, isApiError, readLoginNotice, readStoredClient, writeLoginNotice } from '@intranet/web-api';
import { translateServerMessage } from '@intranet/web-i18n';
import { clearSession, takeRememberedPath, useSession } from '@intranet/web-session';
import { Alert, Button, Input } from '@intranet/web-ui';
import { PublicLayout } from '../layout/PublicLayout.tsx';

/**
 * Sign-in page (§2 /login/ and /login_new/). `workspace` mode adds the workspace field and posts to
 * /api/loginPage; otherwise /api/login. On success stores the session (§4) and goes to the remembered path or
 * `/`; on failure shows the server's §8 message and clears the stored session. After a session ended because the
 * client was blocked it opens with the 'Login blocked' error.
 * Test ids: login-input, password-input, workspace-input, login-submit, login-error.
 */
export function LoginPage({ workspaceMode }: { workspaceMode: boolean }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const session = useSession();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [workspace, setWorkspace] = useState(() => params.get('ws') ?? params.get('workspace') ?? readStoredClient()?.workspace ?? '');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // A client blocked mid-session lands here with the 'blocked' notice (§8: 403 → login error 'Login blocked').
  const [error, setError] = useState<string | null>(() =>
    readLoginNotice() === 'blocked' || (location.state as { blocked?: boolean } | null)?.blocked ? translateServerMessage('Login blocked') : null,
  );
  const [ambiguous, setAmbiguous] = useState(false);
  const [busy, setBusy] = useState(false);
  const expired = (location.state as { expired?: boolean } | null)?.expired === true;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // The reason the last session ended stays on this page (a reload included) until the next sign-in attempt.
    writeLoginNotice(null);
    setError(null);
    setAmbiguous(false);
    const route = workspaceMode ? peopleRoutes.loginPage : peopleRoutes.login;
    const body = workspaceMode ? { login, password, workspace } : { login, password };
    const parsed = route.body.safeParse(body);
    if (!parsed.success) {
      const errs: Record<string, string> = {};
      for (const fe of zodFieldErrors(parsed.error)) if (!errs[fe.field]) errs[fe.field] = translateServerMessage(fe.message);
      setFieldErrors(errs);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const answer = await call(route, { body: parsed.data, silent: true });
      if (!session.signIn(answer)) {
        setError(t('login.expired'));
        return;
      }
      navigate(takeRememberedPath() ?? '/', { replace: true });
    } catch (err) {
      clearSession();
      if (isApiError(err)) {
        if (err.status === 0) return; // the full-screen 'No connection to server!' is shown
        setError(translateServerMessage(err.message));
        setAmbiguous(err.message === PEOPLE_TEXT.ambiguousLogin);
        const fe = err.fieldErrors();
        if (Object.keys(fe).length) setFieldErrors(Object.fromEntries(Object.entries(fe).map(([k, v]) => [k, translateServerMessage(v)])));
      } else {
        setError(translateServerMessage('An error occured'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicLayout title={workspaceMode ? t('login.workspaceTitle') : t('login.title')} testId="login-page">
      {expired && !error ? <Alert kind="info" testId="login-expired">{t('login.expired')}</Alert> : null}
      {error ? (
        <Alert testId="login-error">
          {error}
          {ambiguous ? <> <Link to="/login_new/">{t('login.otherWorkspace')}</Link></> : null}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate aria-label={t('login.title')}>
        {workspaceMode ? (
          <Input
            id="workspace"
            label={t('login.workspace')}
            name="workspace"
            autoComplete="organization"
            value={workspace}
            onChange={(e) => setWorkspace(e.target.value)}
            error={fieldErrors.workspace}
            required
            data-testid="workspace-input"
          />
        ) : null}
        <Input
          id="login"
          label={t('login.login')}
          name="login"
          autoComplete="username"
          value={login}
          onChange={(e) => setLogin(e.target.value)}
          error={fieldErrors.login}
          required
          autoFocus
          data-testid="login-input"
        />
        <Input
          id="password"
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={fieldErrors.password}
          required
          data-testid="password-input"
        />
        <Button type="submit" size="big" block loading={busy} data-testid="login-submit">
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <div className="shell-public__links">
        <Link to="/forgot-password/" data-testid="forgot-link">{t('login.forgot')}</Link>
        {workspaceMode ? <Link to="/login/">{t('login.commonLogin')}</Link> : <Link to="/login_new/" data-testid="workspace-login-link">{t('login.otherWorkspace')}</Link>}
      </div>
    </PublicLayout>
  );
}
