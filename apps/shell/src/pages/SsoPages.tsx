import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SSO_PROVIDER_KEY, ssoRefs } from '@intranet/people-contract/sso-refs';
import { call } from '@intranet/web-api';
import { hasExplicitLanguage, setLanguage, useErrorText } from '@intranet/web-i18n';
import { clearSession, useSession } from '@intranet/web-session';
import { Alert, Loader, useDebounced } from '@intranet/web-ui';
import { PublicLayout } from '../layout/PublicLayout.tsx';

type Provider = 'microsoft' | 'google';

/**
 * "Sign in with Microsoft" / "Sign in with Google" (issue 37) under the workspace sign-in form, for the providers
 * the typed `workspace` offers (GET api/sso/providers/{workspace}, its own or the installation's; none: no
 * buttons): starts the OpenID Connect sign-in (POST api/sso/start), remembers the provider for /authorize and goes
 * to the provider. A refusal shows the server's error in the user's language.
 * Test ids: sso-microsoft, sso-google, sso-error.
 */
export function SsoButtons({ workspace }: { workspace: string }) {
  const { t } = useTranslation('shell');
  const errorText = useErrorText();
  const [busy, setBusy] = useState<Provider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ws = useDebounced(workspace.trim(), 300);
  const [offered, setOffered] = useState<readonly Provider[]>([]);
  useEffect(() => {
    let live = true;
    const ask = ws ? call(ssoRefs.ssoProvidersList, { params: { workspace: ws }, silent: true }) : Promise.resolve([]);
    ask.then(
      (list) => live && setOffered(list),
      () => live && setOffered([]),
    );
    return () => {
      live = false;
    };
  }, [ws]);
  const start = async (provider: Provider) => {
    setError(null);
    setBusy(provider);
    try {
      const { url } = await call(ssoRefs.ssoStart, { body: { provider, workspace: ws }, silent: true });
      sessionStorage.setItem(SSO_PROVIDER_KEY, provider);
      window.location.assign(url);
    } catch (err) {
      setError(errorText(err));
      setBusy(null);
    }
  };
  if (!offered.length && !error) return null;
  return (
    <div className="shell-public__sso">
      {error ? <Alert testId="sso-error">{error}</Alert> : null}
      {offered.map((p) => (
        <button
          key={p}
          type="button"
          className="ui-btn ui-btn--normal ui-btn--block"
          data-testid={`sso-${p}`}
          disabled={busy !== null}
          onClick={() => void start(p)}
        >
          {t(`sso.${p}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * /authorize (§2): the identity provider's callback. With `code` and `state` it posts them (and `iss`) to the
 * remembered provider's route (POST api/outlook/login or api/google/login), stores the session and goes to
 * /company; a refusal is shown worded in the user's language with a way back to sign-in.
 * Test ids: authorize-page, authorize-error.
 */
export function AuthorizePage() {
  const { t } = useTranslation('shell');
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);
  const code = params.get('code');
  const state = params.get('state');

  useEffect(() => {
    if (!code || !state || sent.current) return;
    sent.current = true;
    const provider = sessionStorage.getItem(SSO_PROVIDER_KEY) === 'google' ? 'google' : 'microsoft';
    sessionStorage.removeItem(SSO_PROVIDER_KEY);
    const route = provider === 'google' ? ssoRefs.ssoGoogleLogin : ssoRefs.ssoOutlookLogin;
    const body = { code, state, ...(params.get('iss') ? { iss: params.get('iss')! } : {}) };
    call(route, { body, silent: true })
      .then(async (answer) => {
        if (!session.signIn(answer)) throw new Error(t('login.expired'));
        if (answer.result?.lang && !hasExplicitLanguage()) await setLanguage(answer.result.lang);
        navigate('/company', { replace: true });
      })
      .catch((err: unknown) => {
        clearSession();
        setError(errorText(err));
      });
  }, [code, state, params, session, navigate, errorText, t]);

  if (code && state && !error) return <Loader fullscreen testId="authorize-loader" />;
  return (
    <PublicLayout title={t('authorize.title')} testId="authorize-page">
      {error ? <Alert testId="authorize-error">{error}</Alert> : <p>{params.get('error_description') ?? t('authorize.text')}</p>}
      <Link to="/login_new/" className="ui-btn ui-btn--normal ui-btn--primary">
        {t('authorize.toLogin')}
      </Link>
    </PublicLayout>
  );
}
