import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach } from 'vitest';
import type { PublicConfig } from '#contract/config.ts';
import { DEFAULT_ASSET_BASE } from '#contract/item-url.ts';
import type { PublicUser } from '#contract/users.ts';
import { setApiTransport } from '../lib/api-client.ts';
import { PublicConfigContext } from '../lib/use-public-config.ts';
import { userStore } from '../lib/user-store.ts';

/** What the fake server answers a call with: a body (200, or 204 for null), or a reply with its status and headers. */
type Answer = unknown | Reply;
interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}
/** Answers by `METHOD /path?query`; a function sees the request's JSON body. */
export type FakeApi = Record<string, Answer | ((body: unknown) => Answer)>;

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

export const TEST_CONFIG: PublicConfig = {
  storeName: 'PaletteWall',
  contactEmail: 'hello@palettewall.app',
  appStoreUrl: '',
  payment: { provider: 'test' },
  assetBase: DEFAULT_ASSET_BASE,
};

export const SHOPPER: PublicUser = { uid: 'u-1', firstName: 'Ada', email: 'ada@example.com', isAdmin: false };

/** Where the page sent the visitor, for routes the test did not mount. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname + location.search}</p>;
}

const isReply = (answer: unknown): answer is Reply =>
  typeof answer === 'object' && answer !== null && 'body' in answer && ('status' in answer || 'headers' in answer);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

/** Answers the app's API calls from `api` (404 for anything else) and records every call. */
export function fakeApi(api: FakeApi): ApiCall[] {
  const calls: ApiCall[] = [];
  setApiTransport(async (requestPath, init) => {
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: requestPath, body });
    const faked = api[`${method} ${requestPath}`];
    const answer = typeof faked === 'function' ? (faked as (body: unknown) => Answer)(body) : faked;
    if (answer === undefined)
      return Response.json({ message: `No fake for ${method} ${requestPath}` }, { status: 404 });
    return isReply(answer)
      ? Response.json(answer.body, { status: answer.status ?? 200, headers: answer.headers ?? {} })
      : answer === null
        ? new Response(null, { status: 204 })
        : Response.json(answer);
  });
  return calls;
}

/**
 * Renders one page alone (an earlier render is removed) as the app does, with its config, query
 * client and router, at `path`; the API answers from `api` and every call is recorded. Other
 * routes show where the page sent the visitor, so a test reads it from the screen.
 */
export function renderPage(
  page: ReactNode,
  options: { path?: string; route?: string; api?: FakeApi; user?: PublicUser | null } = {},
) {
  const { path = '/', route = path.split('?')[0]!, api = {}, user = null } = options;
  cleanup();
  if (user) userStore.set(user);
  else userStore.clear();
  const calls = fakeApi(api);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: route, element: page },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <PublicConfigContext value={TEST_CONFIG}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PublicConfigContext>,
  );
  return { router, calls, queryClient };
}
