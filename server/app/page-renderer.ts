import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PublicConfig } from '#contract/config.ts';

/** A page as the renderer built from web/src/entry-server.tsx gives it. */
export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  /** The API answers it was rendered with, for the browser's query cache. */
  queries: unknown;
  /** Nothing of its first view is left for the browser to fetch. */
  complete: boolean;
}

type FetchApi = (apiPath: string, init: RequestInit) => Promise<Response>;
type CreatePageRenderer = (
  fetchApi: FetchApi,
) => (url: string, config: PublicConfig) => Promise<RenderedPage | undefined>;

export interface PageRenderer {
  /** The page at `url` rendered, or undefined when rendering failed (the browser renders it then). */
  render(url: string, log: FastifyBaseLogger): Promise<RenderedPage | undefined>;
}

/**
 * Loads the renderer that the web build wrote beside the web app (dist/ssr), when there is
 * one. Its pages' API calls are answered by `app` in-process.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  options: { webDir: string; publicUrl: string; publicConfig: PublicConfig },
): Promise<PageRenderer | undefined> {
  const entry = path.join(options.webDir, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(entry)) return undefined;
  const { createPageRenderer } = (await import(pathToFileURL(entry).href)) as {
    createPageRenderer: CreatePageRenderer;
  };
  const renderPage = createPageRenderer(async (apiPath, init) => {
    if ((init.method ?? 'GET') !== 'GET') throw new Error('A page rendered on the server only reads');
    const response = await app.inject({ method: 'GET', url: apiPath });
    // The list headers the pages read: the total, and what a misspelt search was answered for.
    const headers = new Headers();
    for (const name of ['content-type', 'x-total-count', 'x-search-suggestion']) {
      const value = response.headers[name];
      if (value !== undefined) headers.set(name, String(value));
    }
    return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  });

  return {
    render: (url, log) =>
      renderPage(`${options.publicUrl}${url}`, options.publicConfig).catch((error: unknown) => {
        log.error({ err: error, url }, 'server rendering failed; the browser renders this page');
        return undefined;
      }),
  };
}
