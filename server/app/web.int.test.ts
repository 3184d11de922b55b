import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { webVitals } from '../db/schema.ts';
import { seoRoutes } from '../routes/seo/index.ts';
import { buildItemRow } from '../test/builders.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { answerError } from '../http/error-handler.ts';

let ctx: TestContext;
const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-web-'));
const webDir = path.join(buildDir, 'web');

/**
 * Stands in for the built server renderer (dist/ssr beside dist/web): it numbers its renders,
 * reads the newest item through the API it is given, and breaks on /new.
 */
const FAKE_RENDERER = `let renders = 0;
export function createPageRenderer(fetchApi) {
  return async (url, config) => {
    const { pathname } = new URL(url);
    if (pathname === '/new') throw new Error('the renderer broke');
    const [newest] = await (await fetchApi('/api/items?limit=1', {})).json();
    return {
      html: '<p>' + pathname + ' for ' + config.storeName + ', render ' + ++renders + '</p>',
      queries: { newest: newest.itemId },
      complete: !url.includes('page='),
    };
  };
}`;
const newest = buildItemRow({
  itemId: '20261120_0000_aaaa0001',
  name: 'Neon <Harbor>',
  tags: ['minimalistic'],
  thumbnail: 'abc-thumb-720.webp',
  media: {
    placeholder: '',
    thumbnails: [
      { width: 360, height: 640, file: 'abc-thumb-360.webp', avif: 'abc-thumb-360.avif' },
      { width: 720, height: 1280, file: 'abc-thumb-720.webp', avif: 'abc-thumb-720.avif' },
    ],
    palette: ['#808080'],
    darkShare: 0,
  },
});
const SCRIPT = `console.log(${JSON.stringify('a wallpaper store '.repeat(100))})`;
const older = buildItemRow({
  itemId: '20261010_0000_aaaa0002',
  name: 'Alpine Dawn',
  freeDownload: true,
  priceCents: 0,
});

beforeAll(async () => {
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.mkdirSync(path.join(buildDir, 'ssr'));
  fs.writeFileSync(path.join(buildDir, 'ssr', 'entry-server.js'), FAKE_RENDERER);
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>x</title>\n<meta name="description" content="x" />\n' +
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/react-abc123.js">\n</head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), SCRIPT);
  // As scripts/precompress.ts writes them beside each file of the build.
  // Marked, to tell them from a copy compressed per request.
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(`${SCRIPT}// br`));
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(`${SCRIPT}// gzip`));
  ctx = await createTestContext({ PUBLIC_URL: 'https://shop.example.com', STORE_NAME: 'Test Walls' }, { webDir });
  await ctx.catalogue.insert([newest, older]);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(buildDir, { recursive: true, force: true });
});

describe('pages', () => {
  it('serves a known page with its title, description, Open Graph tags and the public config', async () => {
    const response = await ctx.app.inject({ url: '/landscape' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<title>Landscape wallpapers — Test Walls</title>');
    expect(response.body).toContain('<meta property="og:url" content="https://shop.example.com/landscape" />');
    const config = JSON.parse(
      /<script type="application\/json" id="public-config">(.*?)<\/script>/.exec(response.body)![1]!,
    );
    expect(config).toMatchObject({ storeName: 'Test Walls' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('describes an item page by the item at that carousel index, escaping its name', async () => {
    const response = await ctx.app.inject({ url: '/item/0' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Neon &lt;Harbor&gt; wallpaper — Test Walls</title>');
    expect(response.body).toContain(
      `<meta property="og:image" content="https://shop.example.com/images/items/${newest.itemId}/abc-thumb-720.webp" />`,
    );
    expect(response.body).not.toContain('<Harbor>');
  });

  it("gives each wallpaper a page of its own that names it, and the carousel's position points there", async () => {
    const own = `/wallpapers/${newest.itemId}/neon-harbor`;
    const page = await ctx.app.inject({ url: own });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Neon &lt;Harbor&gt; wallpaper — Test Walls</title>');
    expect(page.body).toContain(`<link rel="canonical" href="https://shop.example.com${own}" />`);
    expect(page.body).toContain(
      `<link rel="preload" as="image" href="/images/items/${newest.itemId}/abc-thumb-360.avif"`,
    );
    // The carousel's position is the newest item today; its canonical address is the item's own.
    expect((await ctx.app.inject({ url: '/item/0' })).body).toContain(
      `<link rel="canonical" href="https://shop.example.com${own}" />`,
    );
    // An old or missing slug moves to the current one, keeping the query.
    for (const stale of [`/wallpapers/${newest.itemId}`, `/wallpapers/${newest.itemId}/old-name`]) {
      const moved = await ctx.app.inject({ url: `${stale}?from=email` });
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe(`${own}?from=email`);
    }
    // A wallpaper that is not on sale is not found at its address.
    const gone = await ctx.app.inject({ url: '/wallpapers/20200101_0000_00000000/nothing' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('<title>Page not found — Test Walls</title>');
  });

  it("preloads the item page's image in the format its picture shows, so it is fetched once", async () => {
    expect((await ctx.app.inject({ url: '/item/0' })).body).toContain(
      `<link rel="preload" as="image" href="/images/items/${newest.itemId}/abc-thumb-360.avif" imagesrcset="/images/items/${newest.itemId}/abc-thumb-360.avif 360w, /images/items/${newest.itemId}/abc-thumb-720.avif 720w" imagesizes="(min-width: 720px) 300px, 62vw" type="image/avif" fetchpriority="high" />`,
    );
    // Without AVIF thumbnails, the WebP the picture falls back to, with no type to skip it.
    const older = (await ctx.app.inject({ url: '/item/1' })).body;
    expect(older).toMatch(
      /<link rel="preload" as="image" href="[^"]+\/thumb\.webp" imagesrcset="" imagesizes="[^"]+" fetchpriority="high" \/>/,
    );
  });

  it('marks a page the renderer could not finish, so the browser starts the app once it has painted', async () => {
    expect((await ctx.app.inject({ url: '/landscape?page=3' })).body).toContain('<div id="root" data-incomplete><p>');
    expect((await ctx.app.inject({ url: '/landscape' })).body).toContain('<div id="root"><p>');
  });

  it('answers an unknown page with the app and status 404', async () => {
    const response = await ctx.app.inject({ url: '/no/such/page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Page not found — Test Walls</title>');
    expect(response.body).toContain('<div id="root"><p>/no/such/page for Test Walls, render');
  });

  it("renders public pages' first view on the server with the API's answers, once per catalogue version", async () => {
    const first = await ctx.app.inject({ url: '/help' });
    const rendered = /<div id="root">(<p>\/help for Test Walls, render \d+<\/p>)<\/div>/.exec(first.body)?.[1];
    expect(rendered).toBeDefined();
    expect(first.body).toContain(
      `<script type="application/json" id="query-state">{"newest":"${newest.itemId}"}</script>`,
    );
    expect((await ctx.app.inject({ url: '/help' })).body).toContain(`<div id="root">${rendered}</div>`);
    // Visitors arriving together at a page not rendered yet share one render.
    const burst = await Promise.all(Array.from({ length: 5 }, () => ctx.app.inject({ url: '/apps' })));
    expect(new Set(burst.map((response) => /render \d+/.exec(response.body)?.[0])).size).toBe(1);

    const newer = buildItemRow({ itemId: '20261121_0000_aaaa0003' });
    await ctx.catalogue.insert([newer]);
    const after = await ctx.app.inject({ url: '/help' });
    expect(after.body).not.toContain(rendered);
    expect(after.body).toContain(`{"newest":"${newer.itemId}"}`);
    await ctx.catalogue.remove(newer.itemId);

    for (const url of ['/account', '/cart/view', '/payment', '/login', '/review']) {
      const page = (await ctx.app.inject({ url })).body;
      expect(page).toContain('<div id="root"></div>');
      expect(page).not.toContain('id="query-state"');
    }
  });

  it('compresses each page once per catalogue version, and answers 304 to a browser that has it', async () => {
    const brotli = await ctx.app.inject({ url: '/landscape', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toContain('<div id="root"><p>/landscape');
    const gzip = await ctx.app.inject({ url: '/landscape', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(brotli.headers.etag);
    const again = await ctx.app.inject({
      url: '/landscape',
      headers: { 'if-none-match': String(brotli.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // A new render for a new catalogue: another ETag.
    await ctx.catalogue.update(older.itemId, { name: 'Alpine Dusk' });
    const changed = await ctx.app.inject({
      url: '/landscape',
      headers: { 'if-none-match': String(brotli.headers.etag) },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(brotli.headers.etag);
  });

  it("loads the app's scripts below the page's images", async () => {
    const page = (await ctx.app.inject({ url: '/landscape' })).body;
    expect(page).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc123.js">');
    expect(page).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-abc123.js">');
  });

  it('still serves a page, rendered by the browser, when the server renderer fails', async () => {
    const response = await ctx.app.inject({ url: '/new' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('serves hashed assets for good, compressed at build time, and keeps API misses as JSON', async () => {
    const asset = await ctx.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.etag).toBeDefined();
    for (const [accepted, encoding, decode] of [
      ['br, gzip', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const compressed = await ctx.app.inject({
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': accepted },
      });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers['content-type']).toMatch(/javascript/);
      expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(compressed.rawPayload).toString()).toBe(`${SCRIPT}// ${encoding}`);
    }
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
    expect(sitemap.body).toContain(`<loc>https://shop.example.com/wallpapers/${older.itemId}/alpine-d`);
    expect(sitemap.body).toContain(`<loc>https://shop.example.com/wallpapers/${newest.itemId}/neon-harbor</loc>`);
    expect(sitemap.body).not.toContain('/item/');
    expect(sitemap.body).not.toContain('/login');
  });

  it('become an index of files when the catalogue outgrows one, each item in exactly one file', async () => {
    const app = Fastify().setErrorHandler(answerError);
    await app.register(seoRoutes, {
      publicUrl: 'https://shop.example.com',
      catalogue: ctx.catalogue,
      itemsPerSitemap: 1,
    });
    const total = await ctx.catalogue.countPublished();
    expect(total).toBeGreaterThan(1);
    const index = (await app.inject({ url: '/sitemap.xml' })).body;
    const files = [
      ...index.matchAll(/<sitemap><loc>https:\/\/shop\.example\.com(\/sitemaps\/\d+\.xml)<\/loc><\/sitemap>/g),
    ].map((match) => match[1]!);
    expect(index).toContain('<sitemapindex');
    expect(files).toEqual(Array.from({ length: total }, (_, n) => `/sitemaps/${n}.xml`));

    const bodies = await Promise.all(files.map(async (file) => (await app.inject({ url: file })).body));
    const items = bodies.flatMap((body) => [...body.matchAll(/\/wallpapers\/([^/]+)\//g)].map((match) => match[1]));
    expect(items).toEqual([newest.itemId, older.itemId]);
    expect(bodies[0]).toContain('<loc>https://shop.example.com/painting</loc>');
    expect(bodies.slice(1).join('')).not.toContain('/painting<');
    expect((await app.inject({ url: `/sitemaps/${files.length}.xml` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/sitemaps/x.xml' })).statusCode).toBe(404);
    await app.close();
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
    const rows = await ctx.db
      .select({ name: webVitals.name, value: webVitals.value, path: webVitals.path })
      .from(webVitals);
    expect(rows).toEqual([{ name: 'LCP', value: 812.5, path: '/' }]);

    // A page view's figures in one request, as the web app sends them when the page is hidden.
    const batch = await ctx.app.inject({
      method: 'POST',
      url: '/api/vitals',
      payload: ['FCP', 'INP', 'CLS'].map((name) => ({
        name,
        value: 0.05,
        rating: 'good',
        path: '/landscape',
        navigationType: 'navigate',
      })),
    });
    expect(batch.statusCode).toBe(204);
    const stored = await ctx.db.select({ name: webVitals.name, path: webVitals.path }).from(webVitals);
    expect(stored.filter((row) => row.path === '/landscape').map((row) => row.name)).toEqual(['FCP', 'INP', 'CLS']);

    for (const payload of [
      { name: 'XYZ', value: 1, rating: 'good', path: '/', navigationType: 'navigate' },
      { name: 'CLS', value: -1, rating: 'good', path: '/', navigationType: 'x' },
      [],
      Array.from({ length: 11 }, () => ({ name: 'CLS', value: 0, rating: 'good', path: '/', navigationType: 'x' })),
      'not json',
    ]) {
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/vitals',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBeTruthy();
    }
  });
});
