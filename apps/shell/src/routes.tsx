import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { rememberPath, sessionEndedUnexpectedly, startPath, useSession } from '@intranet/web-session';
import { ErrorState, Loader } from '@intranet/web-ui';
import { RootLayout } from './layout/RootLayout.tsx';
import { screenSwitchedOff } from './features.ts';
import { ComingSoonPage, FeatureOffPage, NotFoundPage, RegisterPage } from './pages/InfoPages.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { isMaintenance, MaintenancePage } from './pages/MaintenancePage.tsx';
import { AuthorizePage } from './pages/SsoPages.tsx';
import { discoverRemotes, RemotePage, type RemoteScreen } from './remotes.tsx';
import { LOGIN_PATH, PUBLIC_ROUTES, ROLE_FALLBACK_PATH, ROLE_ROUTES, roleAllows, shouldRememberPath, type RequiredRole } from './navigation.ts';

/**
 * §2: visitors without token or authorization flag go to /login (the wanted path is remembered); a loader shows
 * until the user and the client (or the superadmin) are loaded.
 */
function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const location = useLocation();
  if (session.status === 'anonymous') {
    const wanted = location.pathname + location.search + location.hash;
    if (shouldRememberPath(location.pathname)) rememberPath(wanted);
    // An expired or revoked session (not a sign-out) is named on the sign-in page; drafts wait in local storage.
    return <Navigate to={LOGIN_PATH} replace state={sessionEndedUnexpectedly() ? { expired: true } : undefined} />;
  }
  // Issue 36: the workspace or the installation is in maintenance mode and this user is no administrator.
  if (session.status === 'error' && isMaintenance(session.loadError)) return <MaintenancePage />;
  if (session.status === 'error') {
    return (
      <div className="shell-center">
        <ErrorState
          message={session.loadError instanceof Error ? session.loadError.message : t('remote.failed')}
          onRetry={session.reload}
          testId="session-error"
        />
      </div>
    );
  }
  if (session.status === 'loading') return <Loader fullscreen testId="session-loader" />;
  return <>{children}</>;
}

/** §2: /clients and /app are for the superadmin, /employees for admins; others go to the wall. */
function RequireRole({ role, children }: { role: RequiredRole; children: ReactNode }) {
  const s = useSession();
  return roleAllows(role, s) ? <>{children}</> : <Navigate to={ROLE_FALLBACK_PATH} replace />;
}

/**
 * §6: a screen of a client feature switched off for the user's client shows a clear page (the menu hides its
 * item; this covers a URL opened directly). The API refuses the feature's routes anyway (gateway, issue 8 §4).
 */
function RequireFeature({ path, children }: { path: string; children: ReactNode }) {
  const s = useSession();
  return screenSwitchedOff(path, { isSuperadmin: s.isSuperadmin, features: s.client?.features ?? [] }) ? <FeatureOffPage /> : <>{children}</>;
}

/** §2 root path: superadmin → /clients, else the stored start page ('profile' → /profile/{uid}) or /company. */
function RootRedirect() {
  const s = useSession();
  return <Navigate to={startPath({ superadmin: s.isSuperadmin, uid: s.uid })} replace />;
}

const soon = (label: string) => <ComingSoonPage label={label} />;

// The password pages validate with the people contract's zod schemas: fetched when opened, so neither they nor zod
// are part of the first load (issue 8 §5, DESIGN §10).
const ForgotPasswordPage = lazy(() => import('./pages/PasswordPages.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./pages/PasswordPages.tsx').then((m) => ({ default: m.ResetPasswordPage })));

/** A page loaded on demand, with the full-screen loader while its chunk comes. */
function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loader fullscreen testId="page-loader" />}>{children}</Suspense>;
}

/** Paths of §2 whose modules are not built yet, with the menu label naming them. */
const COMING_SOON: [string, string][] = [
  ['profile/:id', 'profile'],
  ['post/:id', 'post'],
  ['calendar', 'events'],
  ['addressBook', 'addressBook'],
  ['notifications', 'notifications'],
  ['structure_new', 'structure'],
  ['idea', 'ideas'],
  ['report_violation', 'noSilent'],
  ['shop', 'shop'],
  ['about', 'about'],
  ['birthdays', 'birthdays'],
  ['vacations', 'vacations'],
  ['help', 'help'],
  ['idp', 'idp'],
  ['idp/new', 'idp'],
  ['idp/:id', 'idp'],
  ['courses', 'learning'],
  ['courses/settings', 'learning'],
  ['courses/analytics', 'learningAnalytics'],
  ['courses/analytics/:userId', 'learningAnalytics'],
  ['courses/new', 'learning'],
  ['courses/:id', 'learning'],
  ['courses/:id/lessons/new', 'learning'],
  ['courses/:id/lessons/:lessonId', 'learning'],
  ['courses/:id/tests/new', 'learning'],
  ['courses/:id/tests/:testId', 'learning'],
  ['adaptation', 'adaptation'],
  ['adaptation/user/:adaptId', 'adaptation'],
  ['adaptation/:id', 'adaptation'],
  ['articles', 'knowledgeBase'],
  ['articles/:parent', 'knowledgeBase'],
  ['article/:id', 'article'],
  ['vacancies', 'vacancies'],
  ['vacancy/:id', 'vacancy'],
  ['chat', 'chats'],
  ['chat/:id', 'chat'],
  ['groups', 'groups'],
  ['groups/:id', 'groups'],
  ['group/:id', 'group'],
  ['polls', 'polls'],
  ['poll/new', 'poll'],
  ['poll/:id', 'poll'],
  ['poll/:id/results', 'poll'],
  ['services', 'services'],
  ['service/:id', 'service'],
  ['task-tracker', 'taskTracker'],
  ['desk/:id', 'desk'],
];

/**
 * The screens of the built remotes, discovered once per page load from their manifests (see remotes.tsx): null
 * while loading, an Error when the remote index could not be read.
 */
function useRemoteScreens(): RemoteScreen[] | Error | null {
  const [screens, setScreens] = useState<RemoteScreen[] | Error | null>(null);
  useEffect(() => {
    let live = true;
    discoverRemotes().then(
      (s) => live && setScreens(s),
      (e: unknown) => live && setScreens(e instanceof Error ? e : new Error(String(e))),
    );
    return () => {
      live = false;
    };
  }, []);
  return screens;
}

/** The §2 route table: public routes, then everything else under the root layout behind the session guard. */
export function AppRoutes() {
  const { t } = useTranslation('shell');
  const screens = useRemoteScreens();
  if (screens === null) return <Loader fullscreen testId="remotes-loader" />;
  if (screens instanceof Error) {
    return (
      <div className="shell-center">
        <ErrorState title={t('remote.failed')} message={screens.message} onRetry={() => window.location.reload()} testId="remotes-error" />
      </div>
    );
  }
  const served = new Set(screens.map((s) => s.path));
  return (
    <Routes>
      <Route path={PUBLIC_ROUTES.login} element={<LoginPage workspaceMode={false} />} />
      <Route path={PUBLIC_ROUTES.loginWorkspace} element={<LoginPage workspaceMode />} />
      <Route path={PUBLIC_ROUTES.authorize} element={<AuthorizePage />} />
      <Route path={PUBLIC_ROUTES.register} element={<RegisterPage />} />
      <Route
        path={PUBLIC_ROUTES.forgotPassword}
        element={
          <Lazy>
            <ForgotPasswordPage />
          </Lazy>
        }
      />
      <Route
        path={PUBLIC_ROUTES.resetPassword}
        element={
          <Lazy>
            <ResetPasswordPage />
          </Lazy>
        }
      />
      <Route
        element={
          <RequireAuth>
            <RootLayout />
          </RequireAuth>
        }
      >
        <Route index element={<RootRedirect />} />
        {screens.map((s) => (
          <Route
            key={s.path}
            path={s.path}
            element={
              <RequireFeature path={s.path}>
                {s.role ? (
                  <RequireRole role={s.role}>
                    <RemotePage id={s.id} />
                  </RequireRole>
                ) : (
                  <RemotePage id={s.id} />
                )}
              </RequireFeature>
            }
          />
        ))}
        {served.has('app') ? null : <Route path="app" element={<RequireRole role={ROLE_ROUTES.app}>{soon('appSettings')}</RequireRole>} />}
        {COMING_SOON.filter(([path]) => !served.has(path)).map(([path, label]) => (
          <Route key={path} path={path} element={<RequireFeature path={path}>{soon(label)}</RequireFeature>} />
        ))}
        <Route path="404" element={<NotFoundPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
