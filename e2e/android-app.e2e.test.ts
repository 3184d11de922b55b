import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoTemplate } from './fixtures.ts';
import { startStore, type RunningStore } from './store.ts';

/*
 * The Android app as it ships, replayed against the real server with the demo catalogue: each
 * call it makes, with its parameters, and each answer read as its data classes read it. Gson
 * turns a missing field into null, which crashes the screen that reads it, so every field the
 * app declares non-null must be here, with its type.
 */
const ImageItem = z.object({ type: z.string(), resolution: z.string(), link: z.string(), blob: z.string() });
const DownloadItem = z.object({ size: z.string(), ext: z.string(), link: z.string() });
const WallpaperDto = z.object({
  id: z.string(),
  itemId: z.string(),
  name: z.string(),
  price: z.number(),
  freeDownload: z.boolean(),
  stars: z.number().int(),
  photoType: z.string(),
  tags: z.array(z.string()),
  thumbnail: z.string(),
  preview: z.string(),
  imageList: z.array(ImageItem),
  downloadList: z.array(DownloadItem),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
const WallpaperItem = WallpaperDto.extend({ sizeOptions: z.array(z.string()) });
const WallpaperPage = z.object({
  items: z.array(WallpaperItem),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  hasMore: z.boolean(),
});
const Catalog = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  photoUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
const Board = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  action: z.string(),
  value: z.string(),
  photoUrl: z.string(),
  ratioWidth: z.number().int(),
  ratioHeight: z.number().int(),
});
const Settings = z.object({ version: z.number().int(), adsLevel: z.number().int() });

type Wallpaper = z.infer<typeof WallpaperDto>;

/** The catalogue keys of the app's home rows. */
const HOME_ROWS = ['anime', 'space', 'minimalistic', 'nature', 'landscape'];

let store: RunningStore;
/** Retrofit's base URL: `{PUBLIC_URL}/api/`. */
let api: string;

beforeAll(async () => {
  store = await startStore({ templateDir: await demoTemplate() });
  api = `${store.baseUrl}/api/`;
});
afterAll(() => store?.stop());

async function call<T extends z.ZodType>(schema: T, path: string, init?: RequestInit): Promise<z.infer<T>> {
  const response = await fetch(api + path, init);
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
  return schema.parse(await response.json());
}

/** Loads a URL as the app's image loader does, as given, and reads the picture's size. */
async function loadImage(url: string): Promise<string> {
  expect(url.startsWith(`${store.baseUrl}/`), url).toBe(true);
  const response = await fetch(url);
  expect({ url, status: response.status }).toEqual({ url, status: 200 });
  const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return `${width}x${height}`;
}

/** What the app shows of an item: its LD card, BL placeholder and HD full screen, each at its stated size. */
async function expectShowable(item: Wallpaper): Promise<void> {
  for (const type of ['LD', 'BL', 'HD']) {
    const image = item.imageList.find((entry) => entry.type === type && entry.link !== '');
    expect(image, `${item.itemId} has no ${type} image`).toBeDefined();
    expect(await loadImage(image!.link)).toBe(image!.resolution);
  }
  for (const file of item.downloadList) {
    if (item.freeDownload) expect(file.link.startsWith(`${store.baseUrl}/api/downloads/free/`)).toBe(true);
    else expect(file.link).toBe('');
  }
  for (const tag of item.tags.filter((entry) => entry.includes('#'))) expect(tag).toMatch(/^#[0-9a-f]{6}$/);
}

describe('the Android app against the demo store', () => {
  it('walks the paged listing from page 0 to the end and sees every published item exactly once', async () => {
    const published = Number((await fetch(`${api}items?limit=1`)).headers.get('x-total-count'));
    expect(published).toBeGreaterThan(30);
    const seen: string[] = [];
    for (let page = 0; ; page++) {
      const answer = await call(WallpaperPage, `items/wallpapers/page?page=${page}&pageSize=36&catalog=`);
      expect(answer.currentPage).toBe(page);
      seen.push(...answer.items.map((item) => item.itemId));
      for (const item of answer.items) await expectShowable(item);
      if (!answer.hasMore) break;
    }
    expect(seen).toHaveLength(published);
    expect(new Set(seen).size).toBe(published);
  });

  it('fills its home rows, banners, catalogue chips and settings', async () => {
    for (const key of HOME_ROWS) {
      const row = await call(WallpaperPage, `items/wallpapers/page?page=0&pageSize=12&catalog=${key}`);
      expect(row.currentPage).toBe(0);
      expect(row.items.length).toBe(Math.min(12, row.totalItems));
    }
    for (const catalog of ['Wallpapers', '']) {
      expect(
        (await call(WallpaperPage, `items/wallpapers/page?page=0&pageSize=12&catalog=${catalog}`)).items,
      ).toHaveLength(12);
    }

    const boards = await call(z.array(Board), 'items/boards/top');
    expect(boards.length).toBeGreaterThan(0);
    for (const board of boards) {
      const [width, height] = (await loadImage(board.photoUrl)).split('x').map(Number);
      expect(width! / height!).toBeCloseTo(board.ratioWidth / board.ratioHeight, 2);
      // What the banner opens has wallpapers.
      const opened = await call(WallpaperPage, `items/wallpapers/page?page=0&pageSize=36&catalog=${board.value}`);
      expect(opened.totalItems).toBeGreaterThan(0);
    }

    const catalogs = await call(z.array(Catalog), 'items/catalogs/top');
    expect(catalogs.length).toBeGreaterThanOrEqual(3);
    for (const catalog of catalogs) {
      expect(await loadImage(catalog.photoUrl)).toBe(`${catalog.width}x${catalog.height}`);
      const first = await call(WallpaperPage, `items/wallpapers/page?page=0&pageSize=12&catalog=${catalog.key}`);
      expect(first.totalItems).toBeGreaterThan(0);
      // Its tag list, by the path the app's catalogue screen calls.
      expect(
        (await call(z.array(WallpaperItem), `items/tag/${encodeURIComponent(catalog.key)}`)).length,
      ).toBeGreaterThan(0);
    }

    const settings = await call(Settings, 'items/settings/init');
    expect(settings).toEqual({ version: 1, adsLevel: 3 });
  });

  it('answers its fixed lists and a search, each item whole', async () => {
    const lists = [
      await call(z.array(WallpaperItem), 'items/photoType/static'),
      await call(z.array(WallpaperItem), 'items/wallpapers/popular?number=16'),
      await call(z.array(WallpaperItem), 'items/tag/Anime'),
      await call(z.array(WallpaperItem), 'items/tag/City'),
      await call(z.array(WallpaperItem), 'items/tag/Painting'),
    ];
    for (const list of lists) expect(list.length).toBeGreaterThan(0);
    expect(lists[1]).toHaveLength(16);
    for (const item of lists[0]!.slice(0, 3)) await expectShowable(item);

    // The search screen builds its objects through their constructors: one missing field and it says "Search failed".
    const wanted = lists[0]![0]!;
    const found = await call(z.array(WallpaperDto), `items/search/${encodeURIComponent(wanted.name)}`);
    expect(found.map((item) => item.itemId)).toContain(wanted.itemId);
  });

  it('takes the events it reports', async () => {
    const [item] = await call(z.array(WallpaperItem), 'items/photoType/static');
    for (const eventType of [
      'download_free',
      'click_download:download_immediately',
      'click_download:Ad_RewardedAd_was_shown',
    ]) {
      const response = await fetch(`${api}items/log`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=UTF-8' },
        body: JSON.stringify({
          itemId: item!.itemId,
          appVersion: '2.4.1',
          eventType,
          manufacturer: 'samsung',
          model: 'SM-A546B',
          release: '14',
          sdk: '34',
          country: 'BR',
        }),
      });
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
    }
  });
});
