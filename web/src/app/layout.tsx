import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { useSessionRefresh } from '../features/session/hooks/use-session-refresh.ts';
import { useStoreName } from '../lib/use-public-config.ts';

const Toasts = lazy(() => import('./toasts.tsx'));

export function Layout() {
  const storeName = useStoreName();
  useSessionRefresh();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar storeName={storeName} />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading">Loading…</p>}>
          <Outlet />
        </Suspense>
      </main>
      <Footer storeName={storeName} />
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
