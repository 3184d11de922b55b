import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItemRow } from '../../test/builders.ts';
import { startS3Server, type RunningS3 } from '../../test/s3-server.ts';
import { buyWithTestWallet, createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let s3: RunningS3;
let ctx: TestContext;
const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 251));
const free = buildItemRow({ itemId: '20261101_0000_e0000001', freeDownload: true, priceCents: 0 });
const paid = buildItemRow({ itemId: '20261101_0000_e0000002', priceCents: 350 });
const thumbKey = `images/items/${free.itemId}/0123456789abcdef-thumb-360.webp`;

beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestContext(s3.env);
  for (const row of [free, paid]) await ctx.storage.put(row.downloads[0]!.key, bytes, { contentType: 'image/jpeg' });
  await ctx.storage.put(thumbKey, Buffer.from('thumb'), { contentType: 'image/webp' });
  await ctx.catalogue.insert([free, paid]);
});
afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

describe('files on S3-compatible storage', () => {
  it('serves public images and free downloads through the server', async () => {
    const image = await ctx.app.inject({ url: `/${thumbKey}` });
    expect(image.statusCode).toBe(200);
    expect(image.body).toBe('thumb');
    const download = await ctx.app.inject({
      url: `/api/downloads/free/${free.itemId}`,
      headers: { range: 'bytes=10-19' },
    });
    expect(download.statusCode).toBe(206);
    expect(download.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);
  });

  it('sends a paid download to a presigned URL of at most 5 minutes, after checking the signed link', async () => {
    const shopper = await createShopper(ctx);
    const order = await buyWithTestWallet(ctx, shopper.headers, [paid.itemId]);
    const link = order.items[0]!.downloads[0]!.link;

    const answer = await ctx.app.inject({ url: link });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const direct = new URL(answer.headers.location as string);
    expect(direct.origin).toBe(s3.options.endpoint);
    expect(Number(direct.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    const file = await fetch(direct);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="wallpaper\.jpg"/);

    // A forged or altered link is refused by the server: it never learns where the bucket is.
    const [payload, mac] = link.replace('/api/downloads/', '').split('.');
    const forged = await ctx.app.inject({ url: `/api/downloads/${payload}.${mac!.slice(0, -2)}xx` });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers.location).toBeUndefined();
  });
});
