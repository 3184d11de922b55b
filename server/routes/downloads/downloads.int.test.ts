import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE } from '../../shared/constants.ts';
import { buildItemRow } from '../../test/builders.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
const free = buildItemRow({ itemId: '20261101_0000_f0000001', freeDownload: true, priceCents: 0 });
const paid = buildItemRow({ itemId: '20261101_0000_f0000002' });
const thumbKey = 'images/items/20261101_0000_f0000001/0123456789abcdef-thumb-360.webp';

beforeAll(async () => {
  ctx = await createTestContext();
  for (const row of [free, paid]) {
    await ctx.storage.put(row.downloads[0]!.key, bytes, { contentType: 'image/jpeg' });
  }
  await ctx.storage.put(thumbKey, Buffer.from('thumb'), { contentType: 'image/webp' });
  await ctx.catalogue.insert([free, paid]);
});
afterAll(() => ctx.close());

describe('GET /api/downloads/free/:itemId', () => {
  it('sends the stored file as an attachment under its download name', async () => {
    const response = await ctx.app.inject({ url: `/api/downloads/free/${free.itemId}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers['content-disposition']).toBe('attachment; filename="wallpaper.jpg"');
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers.etag).toMatch(/^".+"$/);
    expect(response.headers['last-modified']).toBeTruthy();
  });

  it('answers a byte range with 206 and only those bytes', async () => {
    const response = await ctx.app.inject({
      url: `/api/downloads/free/${free.itemId}`,
      headers: { range: 'bytes=100-199' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(response.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('answers 416 for a range past the end', async () => {
    const response = await ctx.app.inject({
      url: `/api/downloads/free/${free.itemId}`,
      headers: { range: 'bytes=99999-' },
    });
    expect(response.statusCode).toBe(416);
  });

  it('answers 304 when the browser has the same version', async () => {
    const first = await ctx.app.inject({ url: `/api/downloads/free/${free.itemId}` });
    const again = await ctx.app.inject({
      url: `/api/downloads/free/${free.itemId}`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('refuses paid items, unknown items and files that do not exist', async () => {
    const paidResponse = await ctx.app.inject({ url: `/api/downloads/free/${paid.itemId}` });
    expect(paidResponse.statusCode).toBe(403);
    expect(paidResponse.json().message).toMatch(/not free/);
    expect((await ctx.app.inject({ url: '/api/downloads/free/20200101_0000_00000000' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/downloads/free/${free.itemId}/3` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/downloads/free/${free.itemId}/x` })).statusCode).toBe(400);
  });
});

describe('GET /images/*', () => {
  it('serves public files, caching content-addressed ones for good', async () => {
    const response = await ctx.app.inject({ url: `/${thumbKey}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('thumb');
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('never reaches private files, however the path is written', async () => {
    const secret = paid.downloads[0]!.key;
    for (const url of [`/images/../${secret}`, `/images/%2e%2e/${secret}`, `/images/..%2f${secret}`, `/${secret}`]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.rawPayload.equals(bytes), url).toBe(false);
    }
  });
});
