import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '#contract/item.ts';
import type { AppSettings, Board, Catalog } from '#contract/mobile-app.ts';
import { appEvents, itemDownloadsDaily } from '../../db/schema.ts';
import { createMedia } from '../../app/runtime.ts';
import { storeThumbnails } from '../../services/items/stored-files.ts';
import { buildAppEvent, buildItemRow } from '../../test/builders.ts';
import { createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

const PUBLIC_URL = 'https://shop.example.com';
let ctx: TestContext;

const picture = (background: string) =>
  sharp({ create: { width: 900, height: 1600, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** An item made as uploads and the seed make them, with its files in storage. */
async function madeItem(overrides: Parameters<typeof buildItemRow>[0]) {
  const row = buildItemRow(overrides);
  const media = await storeThumbnails(ctx.storage, createMedia(ctx.config), row.itemId, await picture('#c8323c'));
  return { ...row, media, thumbnail: media.thumbnails[1]!.file };
}

const get = <T>(url: string) => ctx.app.inject({ url }).then((response) => response.json<T>());
const event = buildAppEvent;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL, APP_EVENTS_RATE_LIMIT: '20' });
});
afterAll(() => ctx.close());

describe("the Android app's images and links", () => {
  it('gives every item LD, BL, SD and HD images with a blob, linked absolutely on PUBLIC_URL', async () => {
    const row = await madeItem({ tags: ['anime', 'sky'], freeDownload: true });
    await ctx.catalogue.insert([row]);
    const item = (await get<{ items: Item[] }>('/api/items/wallpapers/page?page=0&pageSize=12&catalog=anime'))
      .items[0]!;
    expect(item.itemId).toBe(row.itemId);
    const byType = new Map(item.imageList.map((image) => [image.type, image]));
    expect([...byType.keys()]).toEqual(expect.arrayContaining(['LD', 'BL', 'SD', 'HD']));
    for (const image of item.imageList) {
      expect(image.blob).toBe('');
      expect(image.link.startsWith(`${PUBLIC_URL}/images/items/${row.itemId}/`)).toBe(true);
    }
    // Each link answers with an image of the resolution it states, the blurred one tiny.
    for (const type of ['LD', 'BL', 'SD', 'HD']) {
      const image = byType.get(type)!;
      const served = await ctx.app.inject({ url: new URL(image.link).pathname });
      expect(served.statusCode).toBe(200);
      const { width, height } = await sharp(served.rawPayload).metadata();
      expect(`${width}x${height}`).toBe(image.resolution);
    }
    expect(byType.get('BL')!.resolution).toBe('12x21');
    expect(item.downloadList[0]!.link).toBe(`${PUBLIC_URL}/api/downloads/free/${row.itemId}`);
    // The old web app reads a thumbnail holding 'https' as a URL.
    expect(item.thumbnail).toBe(`${PUBLIC_URL}/images/items/${row.itemId}/${row.thumbnail}`);
  });

  it("lists the palette among the tags on the old clients' paths, and only there", async () => {
    const row = await madeItem({ tags: ['landscape'] });
    await ctx.catalogue.insert([row]);
    const colours = row.media.palette!;
    expect(colours.length).toBeGreaterThan(0);
    const onOldPaths = [
      (await get<{ items: Item[] }>('/api/items/wallpapers/page?page=0&pageSize=50')).items,
      await get<Item[]>('/api/items/photoType/static?limit=50'),
      await get<Item[]>(`/api/items/search/${encodeURIComponent(row.name)}`),
    ];
    for (const list of onOldPaths) {
      expect(list.find((item) => item.itemId === row.itemId)!.tags).toEqual(['landscape', ...colours]);
    }
    for (const url of ['/api/items?limit=50', '/api/items/tag/landscape', `/api/items/search?q=${row.name}`]) {
      expect((await get<Item[]>(url)).find((item) => item.itemId === row.itemId)!.tags).toEqual(['landscape']);
    }
  });

  it('makes the images of items from before them, in a job queued at start', async () => {
    const row = buildItemRow({ tags: ['minimalistic'] });
    await ctx.storage.put(row.downloads[0]!.key, await picture('#2f63c0'), { contentType: 'image/jpeg' });
    await ctx.catalogue.insert([row]);
    const types = async () => (await get<Item>(`/api/items/${row.itemId}`)).imageList.map((image) => image.type);
    expect(await types()).toEqual(['small']);

    await ctx.adminItems.queueMissingAppImages();
    await ctx.settleJobs();
    expect(await types()).toEqual(['small', 'LD', 'BL', 'SD', 'HD']);
    const hd = (await get<Item>(`/api/items/${row.itemId}`)).imageList.find((image) => image.type === 'HD')!;
    const { width, height } = await sharp(
      (await ctx.app.inject({ url: new URL(hd.link).pathname })).rawPayload,
    ).metadata();
    expect({ width, height }).toEqual({ width: 1080, height: 1920 });
  });
});

describe('the paged listing from page 0', () => {
  it('walks every published item exactly once, page by page, echoing the page asked', async () => {
    await ctx.catalogue.insert(Array.from({ length: 7 }, () => buildItemRow({ tags: ['walk'] })));
    const seen: string[] = [];
    for (let page = 0; ; page++) {
      const answer = await get<{
        items: Item[];
        currentPage: number;
        totalPages: number;
        totalItems: number;
        hasMore: boolean;
      }>(`/api/items/wallpapers/page?page=${page}&pageSize=3&catalog=walk`);
      expect(answer).toMatchObject({ currentPage: page, totalPages: 3, totalItems: 7 });
      seen.push(...answer.items.map((item) => item.itemId));
      if (!answer.hasMore) break;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const refused = await ctx.app.inject({ url: '/api/items/wallpapers/page?page=-1' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('page starts at 0');
  });
});

describe("the app's home", () => {
  it('shows the three themes as banners, each opening its catalogue', async () => {
    const boards = await get<Board[]>('/api/items/boards/top');
    expect(boards.map((board) => [board.id, board.value, board.action])).toEqual([
      [1, 'anime', 'NAVIGATION_CATALOG'],
      [2, 'landscape', 'NAVIGATION_CATALOG'],
      [3, 'minimalistic', 'NAVIGATION_CATALOG'],
    ]);
    expect(boards[0]).toMatchObject({
      photoUrl: `${PUBLIC_URL}/art/anime-1170.webp`,
      ratioWidth: 1170,
      ratioHeight: 374,
    });
  });

  it('offers the themes, then the most used tags, each with its newest picture', async () => {
    const catalogs = await get<Catalog[]>('/api/items/catalogs/top');
    expect(catalogs.map((catalog) => catalog.key).slice(0, 3)).toEqual(['anime', 'landscape', 'minimalistic']);
    expect(catalogs.map((catalog) => catalog.id)).toEqual(catalogs.map((_, index) => index + 1));
    // A tag whose newest item has no picture yet offers no chip.
    expect(catalogs.map((catalog) => catalog.key)).toContain('sky');
    expect(catalogs.map((catalog) => catalog.key)).not.toContain('walk');
    const anime = catalogs[0]!;
    const newestAnime = (await get<Item[]>('/api/items/tag/anime'))[0]!;
    expect(anime).toMatchObject({
      title: 'Anime',
      photoUrl: newestAnime.imageList.find((image) => image.type === 'LD')!.link,
      width: 360,
      height: 640,
    });
  });

  it("sends the owner's ad level, the app's own default until set", async () => {
    expect(await get<AppSettings>('/api/items/settings/init')).toEqual({ version: 1, adsLevel: 3 });
    const shopper = await createShopper(ctx);
    const set = (headers: Record<string, string>, adsLevel: unknown) =>
      ctx.app.inject({ method: 'PUT', url: '/api/items/settings/init', headers, payload: { adsLevel } });
    expect((await set(shopper.headers, 1)).statusCode).toBe(403);
    await ctx.accounts.promote(shopper.email);
    expect((await set(shopper.headers, 99)).statusCode).toBe(400);
    expect((await set(shopper.headers, 1)).json()).toEqual({ version: 1, adsLevel: 1 });
    expect(await get<AppSettings>('/api/items/settings/init')).toEqual({ version: 1, adsLevel: 1 });
  });
});

describe("the app's events", () => {
  it('keeps them, counting downloads in what is popular, and refuses a malformed one', async () => {
    const row = buildItemRow({ tags: ['events'] });
    await ctx.catalogue.insert([row]);
    const log = (body: unknown) => ctx.app.inject({ method: 'POST', url: '/api/items/log', payload: body as object });
    expect((await log(event(row.itemId, 'click_download:download_immediately'))).statusCode).toBe(204);
    for (let i = 0; i < 3; i++) expect((await log(event(row.itemId, 'download_free'))).statusCode).toBe(204);
    const counted = await ctx.db.select().from(itemDownloadsDaily).where(eq(itemDownloadsDaily.itemId, row.itemId));
    expect(counted.map((day) => day.downloads)).toEqual([3]);
    expect((await get<Item[]>('/api/items/wallpapers/popular?number=1'))[0]!.itemId).toBe(row.itemId);
    // A field Gson left out as null is taken; a missing item id or a control character is not.
    expect((await log({ itemId: row.itemId, eventType: 'share' })).statusCode).toBe(204);
    const refused = await log({ eventType: 'download_free' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('itemId');
    expect((await log(event(row.itemId, 'download\u0000'))).statusCode).toBe(400);
    const kept = await ctx.db.select().from(appEvents).where(eq(appEvents.itemId, row.itemId));
    expect(kept.map((stored) => stored.eventType).sort()).toEqual([
      'click_download:download_immediately',
      'download_free',
      'download_free',
      'download_free',
      'share',
    ]);
  });

  it('limits how many one address sends in a minute', async () => {
    const statuses = [];
    for (let i = 0; i < 25; i++)
      statuses.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/items/log',
            remoteAddress: '10.1.2.3',
            payload: event('x', 'share'),
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 20).every((status) => status === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
