import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhoneLink } from '#contract/phone-links.ts';
import { buildItemRow } from '../../test/builders.ts';
import { PHONE_LINKS_PER_TEN_MINUTES } from './index.ts';
import { buyWithTestWallet, createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const free = buildItemRow({ itemId: '20261104_0000_fb000001', freeDownload: true, priceCents: 0 });
const paid = buildItemRow({ itemId: '20261104_0000_fb000002' });
const codeOf = (link: PhoneLink) => new URL(link.url).pathname.split('/').at(-1)!;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://shop.example.com', TEST_WALLET: 'true' });
  for (const row of [free, paid]) {
    await ctx.storage.put(row.downloads[0]!.key, Buffer.from('master bytes'), { contentType: 'image/jpeg' });
  }
  await ctx.catalogue.insert([free, paid]);
});
afterAll(() => ctx.close());

const send = (payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/phone-links', payload, headers });

/** The text a QR code holds, read from its SVG as a phone's camera would. */
async function readQr(svg: string): Promise<string | undefined> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A CommonJS module: its default export is the whole module, whose `default` is the reader.
  return jsQR.default(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe('send to phone', () => {
  it("gives anyone a free wallpaper's short link and its QR code, opening its download page with the chosen screen", async () => {
    const response = await send({ itemId: free.itemId, screen: '1179x2556' });
    expect(response.statusCode).toBe(201);
    const link = response.json<PhoneLink>();
    expect(link.url).toMatch(/^https:\/\/shop\.example\.com\/p\/[A-Za-z0-9_-]{12}$/);
    expect(await readQr(link.qrSvg)).toBe(link.url);
    const lifetime = Date.parse(link.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000);

    const opened = await ctx.app.inject({ url: `/api/phone-links/${codeOf(link)}` });
    expect(opened.json()).toEqual({
      itemId: free.itemId,
      downloadLink: `/api/downloads/free/${free.itemId}`,
      downloadName: 'wallpaper.jpg',
      screen: '1179x2556',
    });
    const visited = await ctx.app.inject({ url: `/p/${codeOf(link)}` });
    expect(visited.statusCode).toBe(302);
    expect(visited.headers.location).toBe(`/download/${free.itemId}?phone=${codeOf(link)}`);
  });

  it('stops working after 15 minutes', async () => {
    const sent = await ctx.phoneLinks.create(
      { itemId: free.itemId },
      undefined,
      new Date(Date.now() - 15 * 60_000 - 1),
    );
    const opened = await ctx.app.inject({ url: `/api/phone-links/${codeOf(sent)}` });
    expect(opened.statusCode).toBe(410);
    expect(opened.json().message).toBe('This link has expired. Send the wallpaper to your phone again.');
    expect((await ctx.app.inject({ url: `/p/${codeOf(sent)}` })).headers.location).toBe(
      `/download/link?phone=${codeOf(sent)}`,
    );
    expect((await ctx.app.inject({ url: '/api/phone-links/AAAAAAAAAAAA' })).statusCode).toBe(404);
  });

  it('sends a bought wallpaper only for its owner, granting that one file', async () => {
    expect((await send({ itemId: paid.itemId })).statusCode).toBe(401);
    const stranger = await createShopper(ctx, 'Stranger');
    const refused = await send({ itemId: paid.itemId }, stranger.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only a wallpaper you bought can be sent to your phone.');

    const owner = await createShopper(ctx);
    await buyWithTestWallet(ctx, owner.headers, [paid.itemId]);
    const link = (await send({ itemId: paid.itemId }, owner.headers)).json<PhoneLink>();
    const opened = (await ctx.app.inject({ url: `/api/phone-links/${codeOf(link)}` })).json();
    expect(opened.downloadLink).toMatch(/^\/api\/downloads\/[^/]+$/);
    const file = await ctx.app.inject({ url: opened.downloadLink });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('master bytes');
  });

  it('sends a malformed code to the download page, which says the link is not valid, and never fails', async () => {
    for (const code of ['%00', 'a%00b', '..%2F..%2Fsecret', 'x'.repeat(300)]) {
      const response = await ctx.app.inject({ url: `/p/${code}` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toMatch(/^\/download\/link\?phone=/);
      const phone = new URL(response.headers.location!, 'http://shop.example.com').searchParams.get('phone')!;
      const opened = await ctx.app.inject({ url: `/api/phone-links/${encodeURIComponent(phone)}` });
      expect(opened.statusCode).toBe(400);
      expect(opened.json().message).toMatch(/This link is not valid/);
    }
  });

  it('refuses what is not a wallpaper on sale', async () => {
    expect((await send({ itemId: '20200101_0000_00000000' })).statusCode).toBe(404);
    expect((await send({ itemId: free.itemId, screen: 'big' })).statusCode).toBe(400);
  });

  it('makes a limited number of codes for one address', async () => {
    const fromOneAddress = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/phone-links',
        payload: { itemId: free.itemId },
        remoteAddress: '203.0.113.9',
      });
    for (let i = 0; i < PHONE_LINKS_PER_TEN_MINUTES; i++) expect((await fromOneAddress()).statusCode).toBe(201);
    const refused = await fromOneAddress();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});
