import { useCallback, useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError, isApiNotFound, onApiError, onConnectionLost, onUnauthorized } from '@intranet/web-api';
import { errorText, translateServerMessage } from '@intranet/web-i18n';
import { acquireRealtime, rememberPath, SessionProvider } from '@intranet/web-session';
import { Button, FullScreenMessage, NotifierProvider, useNotifier } from '@intranet/web-ui';
import { shouldRememberPath, sessionEndedRedirect } from './navigation.ts';
import { isMaintenance, MaintenancePage } from './pages/MaintenancePage.tsx';
import { AppRoutes } from './routes.tsx';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        retry: (count, error) => !(isApiError(error) && (error.status === 0 || (error.status >= 400 && error.status < 500))) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Wires the API client's §8 listeners to the shell: 401 or 403 'Login blocked' → remember the path and go to
 * /login (which shows why), except on a public route (the session is cleared and the page stays); no response →
 * full-screen 'No connection to server!'; other shown errors → the error dialog (a 404 'apiNotFound', a route the
 * server does not have, shows the §8 'The requested resource was not found' in the user's language).
 */
function ApiListeners({ onOffline, onMaintenance }: { onOffline: () => void; onMaintenance: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const notifier = useNotifier();
  const { pathname } = location;
  const here = pathname + location.search;
  useEffect(
    () =>
      onUnauthorized((e) => {
        const to = sessionEndedRedirect(pathname);
        if (!to) return;
        if (shouldRememberPath(pathname)) rememberPath(here);
        // A client blocked mid-session: the sign-in page says 'Login blocked' (§8), not 'session expired'.
        navigate(to, { replace: true, state: e.code === 'login_blocked' ? { blocked: true } : { expired: true } });
      }),
    [navigate, pathname, here],
  );
  useEffect(() => onConnectionLost(() => onOffline()), [onOffline]);
  // §8 'API not found' (a route the server does not have) is worded by its code in the user's language.
  // Issue 36: a workspace put in maintenance mode mid-session shows the maintenance page instead of error dialogs.
  useEffect(
    () => onApiError((e) => (isMaintenance(e) ? onMaintenance() : notifier.error(isApiNotFound(e) ? errorText(e) : translateServerMessage(e.message)))),
    [notifier, onMaintenance],
  );
  return null;
}

/**
 * Issue 18 §5: events sent while the socket was away (a gateway restarted, the network dropped) are lost for this
 * page, so after each automatic reconnect every query on screen is fetched again.
 */
function RealtimeCatchUp() {
  const qc = useQueryClient();
  useEffect(() => {
    const handle = acquireRealtime();
    const off = handle.onReconnect(() => void qc.invalidateQueries({ refetchType: 'active' }));
    return () => {
      off();
      handle.release();
    };
  }, [qc]);
  return null;
}

function NoConnection({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('shell');
  const qc = useQueryClient();
  // Not a form (one Retry button probing /api/env): its own busy state; a failure just leaves this screen up.
  const [checking, setChecking] = useState(false);
  const retry = async () => {
    setChecking(true);
    try {
      const res = await fetch('/api/env', { cache: 'no-store' });
      if (res.status < 502 || res.status > 504) {
        onBack();
        await qc.invalidateQueries();
      }
    } catch {
      /* still offline */
    } finally {
      setChecking(false);
    }
  };
  return (
    <FullScreenMessage
      testId="no-connection"
      title={t('noConnection.title')}
      text={t('noConnection.text')}
      action={
        <Button onClick={retry} loading={checking} data-testid="no-connection-retry">
          {t('noConnection.retry')}
        </Button>
      }
    />
  );
}

/** The shell application: query cache, error dialog, session, router and routes (§2). */
export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [offline, setOffline] = useState(false);
  const goOffline = useCallback(() => setOffline(true), []);
  const [maintenance, setMaintenance] = useState(false);
  const goMaintenance = useCallback(() => setMaintenance(true), []);
  return (
    <QueryClientProvider client={queryClient}>
      <NotifierProvider>
        <SessionProvider>
          <BrowserRouter>
            <ApiListeners onOffline={goOffline} onMaintenance={goMaintenance} />
            <RealtimeCatchUp />
            <AppRoutes />
            {offline ? <NoConnection onBack={() => setOffline(false)} /> : null}
            {maintenance && !offline ? <MaintenancePage /> : null}
          </BrowserRouter>
        </SessionProvider>
      </NotifierProvider>
    </QueryClientProvider>
  );
}
