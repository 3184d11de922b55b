import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildItemRow } from '../test/builders.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { scrapeMetrics, seriesValue } from '../test/metrics-text.ts';

/** Real requests against the listening server: answers sent again before routing never reach `app.inject`. */
const TOKEN = 'metrics-token-for-the-tests';
let ctx: TestContext;
let base: string;
const items = Array.from({ length: 8 }, (_, i) =>
  buildItemRow({ itemId: `20261101_120${i}_aaaaaaa${i}`, name: `Harbor ${i}`, tags: ['city', 'night'] }),
);

beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN: TOKEN });
  await ctx.catalogue.insert(items);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

/** The catalogue's reads the app makes: each answer the app builds or looks up is one call. */
let listReads: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  listReads = vi.spyOn(ctx.catalogue, 'listJson');
  return () => listReads.mockRestore();
});

/** A request's status, headers and the bytes exactly as sent (compressed, if they were). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET', at = base) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(at + path, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response
          .on('data', (chunk: Buffer) => chunks.push(chunk))
          .on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
          )
          .on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

const BROWSER = { 'accept-encoding': 'br, gzip' };
/** What differs from one reply to the next: its date, its id, and how long the reply that made the answer took. */
const withoutPerRequest = ({
  date: _date,
  'x-request-id': _id,
  'server-timing': _timing,
  ...rest
}: http.IncomingHttpHeaders) => rest;

describe('answers sent again before routing', () => {
  it('answer an address asked before with the same status, headers and bytes, without the app', async () => {
    const path = '/api/items?limit=3&sort=newest';
    const first = await get(path, BROWSER);
    const again = await get(path, BROWSER);
    expect(listReads).toHaveBeenCalledTimes(1);
    expect(again.status).toBe(200);
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.headers.link).toMatch(/cursor=/);
    expect(withoutPerRequest(again.headers)).toEqual(withoutPerRequest(first.headers));
    expect([first.headers['server-timing'], again.headers['server-timing']]).toEqual([expect.any(String), undefined]);
    expect(again.body.equals(first.body)).toBe(true);
    expect(again.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    // Each encoding as it was asked for: gzip, which the app compresses for its first client and
    // which is sent again from here, and the plain bytes to a client that asks for none.
    const gzip = await get(path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(listReads).toHaveBeenCalledTimes(2);
    const gzipAgain = await get(path, { 'accept-encoding': 'gzip' });
    expect(gzipAgain.body.equals(gzip.body)).toBe(true);
    const plain = await get(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toHaveLength(3);
    expect(listReads).toHaveBeenCalledTimes(2);
  });

  it('answer 304 to a client holding the answer', async () => {
    const path = '/api/items?limit=4';
    const first = await get(path, BROWSER);
    const revalidated = await get(path, { ...BROWSER, 'if-none-match': first.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toHaveLength(0);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(listReads).toHaveBeenCalledTimes(1);
  });

  it('are never sent once the catalogue changed: the next answer is the new one', async () => {
    const path = '/api/items?limit=2';
    await get(path, BROWSER);
    await ctx.catalogue.update(items[7]!.itemId, { name: 'Harbor Renamed' });
    const changed = JSON.parse((await get(path)).body.toString()) as { name: string }[];
    expect(changed[0]!.name).toBe('Harbor Renamed');
    expect(listReads).toHaveBeenCalledTimes(2);
  });

  it('leave cross-origin requests, HEAD and encodings the answer was not made in to the app', async () => {
    const path = '/api/items?limit=5';
    await get(path, BROWSER);
    await get(path, { ...BROWSER, origin: 'https://elsewhere.example' });
    const head = await get(path, BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    const deflated = await get(path, { 'accept-encoding': 'deflate' });
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(listReads).toHaveBeenCalledTimes(4);
  });

  it("are counted in the metrics under their route, and as the answer cache's hits", async () => {
    const scrape = () => scrapeMetrics(ctx, TOKEN);
    const hits = 'cache_lookups_total{cache="answers",result="hit"}';
    const hitsBefore = seriesValue(await scrape(), hits) || 0;
    const path = '/api/items/tag/night?limit=6';
    await get(path, BROWSER);
    await get(path, BROWSER);
    await get(path, BROWSER);
    const text = await scrape();
    expect(
      seriesValue(text, 'http_request_duration_seconds_count{route="/api/items/tag/:tag",method="GET",status="200"}'),
    ).toBe(3);
    expect(seriesValue(text, hits) - hitsBefore).toBe(2);
  });
});

describe('files sent again before routing', () => {
  it('send a thumbnail held in memory with the same headers and bytes, and a range or a date to the app', async () => {
    const withFiles = await createTestContext({}, { readCache: true });
    try {
      await withFiles.app.listen({ port: 0, host: '127.0.0.1' });
      const filesBase = `http://127.0.0.1:${(withFiles.app.server.address() as AddressInfo).port}`;
      const key = 'images/items/20261101_1200_aaaaaaa0/0123456789abcdef-thumb-360.webp';
      const bytes = Buffer.alloc(3000, 7);
      await withFiles.storage.put(key, bytes, { contentType: 'image/webp' });
      const stats = vi.spyOn(withFiles.storage, 'stat');
      const path = `/${key}`;
      const first = await get(path, BROWSER, 'GET', filesBase);
      const again = await get(path, BROWSER, 'GET', filesBase);
      expect(first.body.equals(bytes)).toBe(true);
      expect(again.body.equals(bytes)).toBe(true);
      expect(withoutPerRequest(again.headers)).toEqual(withoutPerRequest(first.headers));
      expect(again.headers['cache-control']).toMatch(/immutable/);
      expect(stats).toHaveBeenCalledTimes(1);
      const revalidated = await get(path, { 'if-none-match': first.headers.etag! }, 'GET', filesBase);
      expect(revalidated.status).toBe(304);
      expect(stats).toHaveBeenCalledTimes(1);
      const range = await get(path, { range: 'bytes=0-9' }, 'GET', filesBase);
      expect(range.status).toBe(206);
      expect(range.body).toHaveLength(10);
      const since = await get(path, { 'if-modified-since': first.headers['last-modified']! }, 'GET', filesBase);
      expect(since.status).toBe(304);
      expect(stats).toHaveBeenCalledTimes(3);
      // Deleted (an item removed): the next request is the app's, and finds nothing.
      await withFiles.storage.delete(key);
      expect((await get(path, BROWSER, 'GET', filesBase)).status).toBe(404);
    } finally {
      await withFiles.close();
    }
  });
});
