import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { COLOUR_INDEX_KEEP_ALIVE_MS, ColourIndexQuerySchema, type ColourIndexPage } from '#contract/colour-index.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { PaletteCellsRepository, PUBLISHED_ITEMS_CHANNEL } from '../db/repositories/palette-cells.repository.ts';
import { ColourIndexKeeper } from '../services/catalogue/colour-index-keeper.ts';
import type { Logger } from '../shared/logger.ts';

/**
 * The colour index of a PostgreSQL server's published items (decision 098): it hears their writes
 * before it reads them all, and answers over HTTP at once (503 until it has read them; `loaded`
 * says when).
 */
export async function openColourIndex(
  database: DatabaseHandle,
  logger: Logger,
  options: { port: number; host: string },
): Promise<{ keeper: ColourIndexKeeper; url: string; loaded: Promise<void>; close: () => Promise<void> }> {
  const keeper = new ColourIndexKeeper({ palettes: new PaletteCellsRepository(database.db), logger });
  const stopListening = await database.listen!(PUBLISHED_ITEMS_CHANNEL, {
    onNotification: (payload) => keeper.hear(payload),
    onReconnect: () => keeper.lost(),
    onError: (error) => logger.warn({ err: error }, 'the colour index stopped hearing the catalogue'),
  });
  const server = await serveColourIndex(keeper, options);
  return {
    keeper,
    url: server.url,
    loaded: keeper.start(),
    async close() {
      await server.close();
      await stopListening();
      await keeper.stop();
    },
  };
}

/**
 * The colour index's answers over HTTP, to the API processes on the same network (decision 098):
 * `GET /near?l&a&b[&tag][&photoType][&dark]&candidates&limit[&offset|&afterDistance&afterId]` a page of a colour's
 * list, 503 until the index is first loaded; `GET /health` whether it is.
 */
async function serveColourIndex(
  keeper: ColourIndexKeeper,
  options: { port: number; host: string },
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(request.url ?? '/', 'http://index');
    if (request.method !== 'GET') return send(405, { message: 'Only GET is answered.' });
    if (url.pathname === '/health')
      return send(keeper.colours === undefined ? 503 : 200, {
        ready: keeper.colours !== undefined,
        colours: keeper.colours,
      });
    if (url.pathname !== '/near') return send(404, { message: 'Not found.' });
    const query = ColourIndexQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) return send(400, { message: query.error.issues[0]?.message ?? 'Invalid query.' });
    const { l, a, b, tag, photoType, dark, candidates, limit, offset, afterDistance, afterId } = query.data;
    const page = keeper.page({
      near: { l, a, b },
      filter: { tag, photoType, dark: dark === 'true' },
      candidates,
      limit,
      offset,
      after: afterDistance !== undefined && afterId !== undefined ? [afterDistance, afterId] : undefined,
    });
    if (!page) return send(503, { message: 'The colour index is still loading.' });
    const body: ColourIndexPage = {
      items: page.items.map(({ itemId, distance }) => [itemId, distance]),
      total: page.total,
      behind: keeper.behind,
    };
    return send(200, body);
  });
  server.keepAliveTimeout = COLOUR_INDEX_KEEP_ALIVE_MS;
  server.headersTimeout = COLOUR_INDEX_KEEP_ALIVE_MS + 1000;
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
