/**
 * The server's renderer: the public pages' first view as HTML, which the browser then hydrates,
 * so the first paint does not wait for the JavaScript. Built by `vite build --ssr` into
 * dist/ssr and loaded by the server.
 */
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import type { PublicConfig } from '../../contract/config.ts';
import { AppProviders, createQueryClient } from './app/app-providers.tsx';
import { routes } from './app/router.tsx';
import { setApiTransport } from './lib/api-client.ts';
import { isServerRendered } from './lib/server-rendered.ts';

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The answers the page was rendered with, for the browser's query cache. */
  queries: DehydratedState;
}

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
 * page is rendered again with their answers.
 */
export function createPageRenderer(fetchApi: (path: string, init: RequestInit) => Promise<Response>) {
  setApiTransport(fetchApi);
  return async function renderPage(url: string, config: PublicConfig): Promise<RenderedPage | undefined> {
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return undefined;
    const queryClient = createQueryClient();
    let html = await renderOnce(context, config, queryClient);
    const wanted = queryClient
      .getQueryCache()
      .findAll({ predicate: (query) => isServerRendered(query) && query.state.status === 'pending' });
    if (wanted.length > 0) {
      await Promise.allSettled(wanted.map((query) => query.fetch()));
      html = await renderOnce(context, config, queryClient);
    }
    const queries = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => isServerRendered(query) && query.state.status === 'success',
    });
    return { html, queries };
  };
}
