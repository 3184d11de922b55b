/**
 * The server's renderer: the public pages' first view as HTML, which the browser then hydrates,
 * so the first paint does not wait for the JavaScript. Built by `vite build --ssr` into
 * dist/ssr and loaded by the server.
 */
import { dehydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import type { PublicConfig } from '#contract/config.ts';
import { AppProviders, createQueryClient } from './app/app-providers.tsx';
import { routes } from './app/router.tsx';
import { setApiTransport } from './lib/api-client.ts';
import { isServerRendered } from './lib/server-rendered.ts';

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The answers the page was rendered with, for the browser's query cache. */
  queries: DehydratedState;
  /** Every query the page asks for was answered: nothing of its first view waits for the browser. */
  complete: boolean;
}

/**
 * A query the page would fetch in the browser: not one switched off (a signed-in visitor's
 * library or hearts), whose `enabled` its observer wrote into the query's options.
 */
const asked = (query: Query) => (query.options as { enabled?: unknown }).enabled !== false;

/** Rounds of fetching: a query can depend on another's answer (an item's 'More like this' on the item). */
const MAX_RENDERS = 3;

const handler = createStaticHandler(routes);

async function readAll(stream: AsyncIterable<string | Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

async function renderOnce(
  context: StaticHandlerContext,
  config: PublicConfig,
  queryClient: QueryClient,
): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <AppProviders config={config} queryClient={queryClient}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </AppProviders>,
    // One finished document: no boundary is sent apart and moved into place by a script (CSP forbids those).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return readAll(prelude);
}

/**
 * `fetchApi` answers the pages' API calls on the server. A page is rendered once to learn
 * which server-rendered queries it asks for; when it asks for any, they are fetched and the
 * page is rendered again with their answers, until it asks for no more.
 */
export function createPageRenderer(fetchApi: (path: string, init: RequestInit) => Promise<Response>) {
  setApiTransport(fetchApi);
  return async function renderPage(url: string, config: PublicConfig): Promise<RenderedPage | undefined> {
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return undefined;
    const queryClient = createQueryClient();
    const unanswered = (predicate: (query: Query) => boolean) =>
      queryClient
        .getQueryCache()
        .findAll({ predicate: (query) => query.state.status === 'pending' && asked(query) && predicate(query) });
    let html = await renderOnce(context, config, queryClient);
    for (let round = 1; round < MAX_RENDERS; round++) {
      const wanted = unanswered(isServerRendered);
      if (wanted.length === 0) break;
      await Promise.allSettled(wanted.map((query) => query.fetch()));
      html = await renderOnce(context, config, queryClient);
    }
    const queries = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => isServerRendered(query) && query.state.status === 'success',
    });
    return { html, queries, complete: unanswered(() => true).length === 0 };
  };
}
