import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webVitals } from './db/schema.ts';
import { buildItemRow } from './test/builders.ts';
import { createTestContext, type TestContext } from './test/test-app.ts';

let ctx: TestContext;
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-web-'));
const newest = buildItemRow({ itemId: '20261120_0000_aaaa0001', name: 'Neon <Harbor>', tags: ['minimalistic'], thumbnail: 'abc-thumb-720.webp' });
const older = buildItemRow({ itemId: '20261010_0000_aaaa0002', name: 'Alpine Dawn', freeDownload: true, priceCents: 0 });

beforeAll(async () => {
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>x</title>\n<meta name="description" content="x" />\n</head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  ctx = await createTestContext({ PUBLIC_URL: 'https://shop.example.com', STORE_NAME: 'Test Walls' }, { webDir });
  await ctx.catalogue.insert([newest, older]);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('pages', () => {
  it('serves a known page with its title, description, Open Graph tags and the public config', async () => {
    const response = await ctx.app.inject({ url: '/landscape' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Landscape wallpapers — Test Walls</title>');
    expect(response.body).toContain('<meta property="og:url" content="https://shop.example.com/landscape" />');
    const config = JSON.parse(/<script type="application\/json" id="public-config">(.*?)<\/script>/.exec(response.body)![1]!);
    expect(config).toMatchObject({ storeName: 'Test Walls' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('describes an item page by the item at that carousel index, escaping its name', async () => {
    const response = await ctx.app.inject({ url: '/item/0' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Neon &lt;Harbor&gt; wallpaper — Test Walls</title>');
    expect(response.body).toContain(`<meta property="og:image" content="https://shop.example.com/images/items/${newest.itemId}/abc-thumb-720.webp" />`);
    expect(response.body).not.toContain('<Harbor>');
  });

  it('answers an unknown page with the app and status 404', async () => {
    const response = await ctx.app.inject({ url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Page not found — Test Walls</title>');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets for good and keeps API misses as JSON', async () => {
    const asset = await ctx.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await ctx.app.inject({ url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Nothing at GET /api/nothing' });
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('keep private pages out and list the public ones with every item page', async () => {
    const robots = await ctx.app.inject({ url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /account');
    expect(robots.body).toContain('Sitemap: https://shop.example.com/sitemap.xml');
    const sitemap = await ctx.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toContain('application/xml');
    expect(sitemap.body).toContain('<loc>https://shop.example.com/painting</loc>');
    expect(sitemap.body).toContain('<loc>https://shop.example.com/item/1</loc>');
    expect(sitemap.body).not.toContain('/item/2<');
    expect(sitemap.body).not.toContain('/login');
  });
});

describe('POST /api/vitals', () => {
  it('stores a valid measurement and refuses a malformed one', async () => {
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/vitals',
      payload: { name: 'LCP', value: 812.5, rating: 'good', path: '/', navigationType: 'navigate' },
    });
    expect(ok.statusCode).toBe(204);
    const rows = await ctx.db.select({ name: webVitals.name, value: webVitals.value, path: webVitals.path }).from(webVitals);
    expect(rows).toEqual([{ name: 'LCP', value: 812.5, path: '/' }]);

    for (const payload of [{ name: 'XYZ', value: 1, rating: 'good', path: '/', navigationType: 'navigate' }, { name: 'CLS', value: -1, rating: 'good', path: '/', navigationType: 'x' }, 'not json']) {
      const bad = await ctx.app.inject({ method: 'POST', url: '/api/vitals', payload, headers: { 'content-type': 'application/json' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBeTruthy();
    }
  });
});
