import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app-providers.tsx';
import { routes } from './router.tsx';
import { readInlinedConfig } from '../lib/use-public-config.ts';
import { syncVisitorMark } from '../lib/visitor-mark.ts';

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

let markReady!: () => void;
const ready = new Promise<void>((resolve) => (markReady = resolve));
/** Marks the first commit: by then the page's buttons answer (main.tsx replays a click made before). */
function OnFirstCommit({ children }: { children: ReactNode }) {
  useEffect(markReady, []);
  return children;
}

// Storage kept from before the mark existed, or a mark the visitor's cookies lost, is marked
// again, so the next page starts the app without waiting for use.
syncVisitorMark();

const container = document.getElementById('root')!;
/**
 * The server drew this page. The visitor may have scrolled it already (the wheel or a touch
 * starts the app): given the page's data as hydration data, the router keeps that position
 * instead of scrolling to the top as it does for a page it loads itself.
 */
const serverRendered = container.hasChildNodes();
const queryClient = createQueryClient();
hydrate(queryClient, serverQueries());
await loadMatchedRoutes(routes);
const app = (
  <AppProviders config={readInlinedConfig()} queryClient={queryClient}>
    <OnFirstCommit>
      <RouterProvider router={createBrowserRouter(routes, serverRendered ? { hydrationData: {} } : undefined)} />
    </OnFirstCommit>
  </AppProviders>
);
// As a transition, hydration yields to the browser every few milliseconds instead of holding
// the main thread until the whole page is hydrated.
if (serverRendered) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);

// Importing this module resolves once the page is hydrated (or rendered).
await ready;
