import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItemRow } from '../../test/builders.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const item = buildItemRow({
  imageList: [{ type: 'small', name: 'thumb-0a1b2c3d.webp' }],
  thumbnail: 'thumb-0a1b2c3d.webp',
  media: { placeholder: '', thumbnails: [{ width: 720, height: 1280, file: 'thumb-0a1b2c3d.webp' }] },
});

beforeAll(async () => {
  // A trailing slash is forgiven: the base is the bucket's or CDN's root for the public files.
  ctx = await createTestContext({ PUBLIC_ASSET_URL: 'https://cdn.example.com/wall/' });
  await ctx.catalogue.insert([item]);
});
afterAll(() => ctx.close());

describe('PUBLIC_ASSET_URL', () => {
  it("links item files at the CDN in the catalogue's answers", async () => {
    const [listed] = (await ctx.app.inject({ url: '/api/items' })).json();
    expect(listed.imageList[0].link).toBe(`https://cdn.example.com/wall/items/${item.itemId}/thumb-0a1b2c3d.webp`);
    const one = (await ctx.app.inject({ url: `/api/items/${item.itemId}` })).json();
    expect(one.imageList[0].link).toBe(listed.imageList[0].link);
  });

  it('tells the web app where to fetch them, and lets pages load images and clips from there', async () => {
    const config = await ctx.app.inject({ url: '/api/config' });
    expect(config.json().assetBase).toBe('https://cdn.example.com/wall');
    const policy = String(config.headers['content-security-policy']);
    expect(policy).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
    expect(policy).toMatch(/media-src [^;]*https:\/\/cdn\.example\.com/);
  });

  it('leaves the files at /images on this server when unset, linked on PUBLIC_URL', async () => {
    const local = await createTestContext({ PUBLIC_URL: 'https://shop.example.com' });
    try {
      await local.catalogue.insert([buildItemRow({ itemId: item.itemId })]);
      const [listed] = (await local.app.inject({ url: '/api/items' })).json();
      expect(listed.imageList[0].link).toBe(`https://shop.example.com/images/items/${item.itemId}/thumb.webp`);
      expect((await local.app.inject({ url: '/api/config' })).json().assetBase).toBe('/images');
      expect(String((await local.app.inject({ url: '/api/config' })).headers['content-security-policy'])).not.toContain(
        'cdn.example.com',
      );
    } finally {
      await local.close();
    }
  });
});
