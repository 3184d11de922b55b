import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/app-providers.tsx';
import { routes } from './app/router.tsx';
import { readInlinedConfig } from './lib/use-public-config.ts';
import { reportWebVitals } from './features/vitals/api/report-vitals.ts';
import './styles.css';

/**
 * Loads the lazy routes of this address before the first render, so that render is the page
 * itself: the same markup the server rendered, or, for a page rendered here, no empty frame.
 */
async function loadMatchedRoutes(routeList: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routeList, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
}

/** The answers the server rendered this page with, so the first render shows what it showed. */
function serverQueries(): DehydratedState {
  const text = document.getElementById('query-state')?.textContent;
  return text ? (JSON.parse(text) as DehydratedState) : { queries: [], mutations: [] };
}

const container = document.getElementById('root')!;
const serverRendered = container.hasChildNodes();
const queryClient = createQueryClient();
hydrate(queryClient, serverQueries());
await loadMatchedRoutes(routes);
const app = (
  <AppProviders config={readInlinedConfig()} queryClient={queryClient}>
    <RouterProvider router={createBrowserRouter(routes)} />
  </AppProviders>
);
if (serverRendered) hydrateRoot(container, app);
else createRoot(container).render(app);

addEventListener('load', () => void reportWebVitals(), { once: true });
