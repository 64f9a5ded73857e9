import { StrictMode, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { initI18n } from '@intranet/web-i18n';
import { Loader, NotifierProvider } from '@intranet/web-ui';
import { SessionProvider, useSession } from './provider.tsx';

/** A remote's standalone development page: its base path, nav links and routes (relative to the base). */
export interface StandaloneOptions {
  basename: string;
  links: { to: string; label: string }[];
  routes: ReactNode;
}

function Standalone({ links, routes }: Omit<StandaloneOptions, 'basename'>) {
  const session = useSession();
  if (session.status === 'loading') return <Loader fullscreen />;
  return (
    <div style={{ padding: 24 }}>
      <nav style={{ display: 'flex', gap: 12, marginBottom: 16 }}>
        {links.map((l) => (
          <Link key={l.to} to={l.to}>
            {l.label}
          </Link>
        ))}
        <span>{session.user ? session.user.fullName : 'not signed in'}</span>
      </nav>
      <Routes>
        {routes}
        <Route path="*" element={<p>Choose a page above.</p>} />
      </Routes>
    </div>
  );
}

/**
 * Mounts a remote's exposed pages on its own (dev server, e.g. http://localhost:4201/remotes/admin/) with the
 * providers the shell gives them. Sign in through the shell first (same-origin storage when proxied).
 */
export function mountStandalone(opts: StandaloneOptions): void {
  function App() {
    const [qc] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } } }));
    return (
      <QueryClientProvider client={qc}>
        <NotifierProvider>
          <SessionProvider>
            <BrowserRouter basename={opts.basename}>
              <Standalone links={opts.links} routes={opts.routes} />
            </BrowserRouter>
          </SessionProvider>
        </NotifierProvider>
      </QueryClientProvider>
    );
  }
  initI18n();
  const root = document.getElementById('root');
  if (root)
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
}
