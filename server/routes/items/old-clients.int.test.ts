import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '#contract/item.ts';
import { ItemsRepository } from '../../db/repositories/items.repository.ts';
import { buildItemRow } from '../../test/builders.ts';
import { buyWithTestWallet, createShopper } from '../../test/shoppers.ts';
import { catalogueOver, createTestContext, type TestContext } from '../../test/test-app.ts';

/**
 * The paths and fields that the original web app and the Android app (Retrofit, base /api/)
 * call, served by the same catalogue as the original store's own paths.
 */
let ctx: TestContext;

const anime = [1, 2, 3].map((n) =>
  buildItemRow({
    itemId: `20261001_120${n}_a000000${n}`,
    name: `Sakura ${n}`,
    tags: ['anime', 'sky'],
    freeDownload: true,
    priceCents: 0,
  }),
);
const landscape = [1, 2].map((n) =>
  buildItemRow({ itemId: `20261002_120${n}_b000000${n}`, name: `Alpine ${n}`, tags: ['landscape', 'sky'] }),
);
const city = buildItemRow({
  itemId: '20261003_1200_c0000001',
  name: 'Neon Harbor',
  tags: ['minimalistic', 'night'],
  priceCents: 499,
});
const live = buildItemRow({
  itemId: '20261004_1200_d0000001',
  name: 'Harbor Live',
  photoType: 'live',
  tags: ['minimalistic'],
  imageList: [
    { type: 'small', name: 'aaaa-thumb-360.webp' },
    { type: 'large', name: 'bbbb-thumb-720.webp' },
  ],
  media: {
    placeholder: '',
    thumbnails: [
      { width: 360, height: 640, file: 'aaaa-thumb-360.webp' },
      { width: 720, height: 1280, file: 'bbbb-thumb-720.webp' },
    ],
  },
  downloads: [
    {
      key: 'downloads/items/20261004_1200_d0000001/master.jpg',
      name: 'harbor-live-1440x2560.jpg',
      dimensions: '1440x2560',
      contentType: 'image/jpeg',
    },
    {
      key: 'downloads/items/20261004_1200_d0000001/live.mp4',
      name: 'harbor-live-live.mp4',
      dimensions: '1440x2560',
      contentType: 'video/mp4',
    },
  ],
});
const draft = buildItemRow({ itemId: '20261005_1200_e0000001', tags: ['anime'], published: false });

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.catalogue.insert([...anime, ...landscape, city, live, draft]);
  for (const row of anime)
    await ctx.storage.put(row.downloads![0]!.key, Buffer.from(`file of ${row.itemId}`), { contentType: 'image/jpeg' });
});
afterAll(() => ctx.close());

const get = async <T>(url: string) => {
  const response = await ctx.app.inject({ url });
  return { status: response.statusCode, body: response.json<T>() };
};
const ids = (items: Item[]) => items.map((item) => item.itemId);

describe("the old clients' paths", () => {
  it('GET /api/items/search/{term} answers as /api/items/search?q={term}, with the palettes among the tags', async () => {
    const byPath = await get<Item[]>('/api/items/search/sakura');
    expect(byPath.status).toBe(200);
    expect(byPath.body).toEqual(
      (await get<Item[]>('/api/items/search?q=sakura')).body.map((item) => ({
        ...item,
        tags: [...item.tags, ...item.palette],
      })),
    );
    expect(ids(byPath.body).sort()).toEqual(ids(anime.map((row) => ({ itemId: row.itemId }) as Item)).sort());
    expect((await get<Item[]>('/api/items/search/neon%20har')).body.map((i) => i.name)).toEqual(['Neon Harbor']);
    expect((await get<Item[]>('/api/items/search/nothing-like-this')).body).toEqual([]);
  });

  it('GET /api/items/tags lists every tag in use with its count, most used first', async () => {
    const { status, body } = await get<{ tag: string; count: number }[]>('/api/items/tags');
    expect(status).toBe(200);
    expect(body).toEqual([
      { tag: 'sky', count: 5 },
      { tag: 'anime', count: 3 },
      { tag: 'landscape', count: 2 },
      { tag: 'minimalistic', count: 2 },
      { tag: 'night', count: 1 },
    ]);
  });

  it('GET /api/items/wallpapers/page pages everything from page 0, or one catalogue', async () => {
    const first = await get<{
      items: Item[];
      currentPage: number;
      totalPages: number;
      totalItems: number;
      hasMore: boolean;
    }>('/api/items/wallpapers/page?page=0&pageSize=4&catalog=');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ currentPage: 0, totalPages: 2, totalItems: 7, hasMore: true });
    expect(ids(first.body.items)).toEqual([live.itemId, city.itemId, landscape[1]!.itemId, landscape[0]!.itemId]);
    const second = (
      await get<{ items: Item[]; hasMore: boolean }>('/api/items/wallpapers/page?page=1&pageSize=4&catalog=Wallpapers')
    ).body;
    expect(second.hasMore).toBe(false);
    expect(ids(second.items)).toEqual(anime.map((row) => row.itemId).reverse());
    const past = (
      await get<{ items: Item[]; currentPage: number; hasMore: boolean }>(
        '/api/items/wallpapers/page?page=9&pageSize=4',
      )
    ).body;
    expect(past).toMatchObject({ items: [], currentPage: 9, hasMore: false });

    const landscapes = (
      await get<{ items: Item[]; totalItems: number }>('/api/items/wallpapers/page?catalog=Landscape')
    ).body;
    expect(landscapes.totalItems).toBe(2);
    // Defaults: the first page (0) of 30.
    expect((await get<{ items: Item[]; currentPage: number }>('/api/items/wallpapers/page')).body).toMatchObject({
      currentPage: 0,
      items: expect.any(Array),
    });
    expect((await get<{ items: Item[] }>('/api/items/wallpapers/page')).body.items).toHaveLength(7);
  });

  it('finds a theme by its old name (Painting is anime, City minimalistic), unless the name is a tag of its own', async () => {
    expect(ids((await get<Item[]>('/api/items/tag/Painting')).body)).toEqual(anime.map((row) => row.itemId).reverse());
    expect(ids((await get<Item[]>('/api/items/tag/City')).body)).toEqual([live.itemId, city.itemId]);
    expect((await get<{ totalItems: number }>('/api/items/wallpapers/page?catalog=Painting')).body.totalItems).toBe(3);

    const painting = buildItemRow({ itemId: '20261006_1200_f0000001', name: 'Oil Study', tags: ['painting'] });
    await ctx.catalogue.insert([painting]);
    try {
      expect(ids((await get<Item[]>('/api/items/tag/Painting')).body)).toEqual([painting.itemId]);
    } finally {
      await ctx.catalogue.remove(painting.itemId);
    }
  });

  it('GET /api/items/wallpapers/popular ranks downloads and purchases of the last 30 days, topped up at random', async () => {
    // Two downloads of one free item, one of another (the first range of a download counts, later ones and HEAD do not).
    const [a, b] = anime;
    await ctx.app.inject({ url: `/api/downloads/free/${a!.itemId}` });
    await ctx.app.inject({ url: `/api/downloads/free/${a!.itemId}`, headers: { range: 'bytes=0-3' } });
    await ctx.app.inject({ url: `/api/downloads/free/${a!.itemId}`, headers: { range: 'bytes=4-' } });
    await ctx.app.inject({ method: 'HEAD', url: `/api/downloads/free/${b!.itemId}` });
    await ctx.app.inject({ url: `/api/downloads/free/${b!.itemId}` });
    // A purchase weighs more than a couple of downloads.
    const shopper = await createShopper(ctx);
    await buyWithTestWallet(ctx, shopper.headers, [city.itemId]);

    await expect
      .poll(async () => ids((await get<Item[]>('/api/items/wallpapers/popular?number=3')).body))
      .toEqual([city.itemId, a!.itemId, b!.itemId]);
    const two = (await get<Item[]>('/api/items/wallpapers/popular?number=2')).body;
    expect(ids(two)).toEqual([city.itemId, a!.itemId]);

    // Asked for more than had activity: the rest is a sample of the others, each once, never a draft.
    const all = ids((await get<Item[]>('/api/items/wallpapers/popular?number=100')).body);
    expect(all.slice(0, 3)).toEqual([city.itemId, a!.itemId, b!.itemId]);
    expect(all).toHaveLength(7);
    expect(new Set(all).size).toBe(7);
    expect(all).not.toContain(draft.itemId);
    // Default: ten.
    expect((await get<Item[]>('/api/items/wallpapers/popular')).body).toHaveLength(7);
  });

  it('tops the popular list up from a sample drawn ahead: only the first answer waits for a draw', async () => {
    const repository = new ItemsRepository(ctx.db);
    let draws = 0;
    let release = () => {};
    // Every draw after the first hangs until released.
    const slowDraws = new Proxy(repository, {
      get(target, name) {
        if (name !== 'sampleIds') {
          const value = Reflect.get(target, name) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return async (size: number) => {
          const ids = await target.sampleIds(size);
          if (++draws > 1) await new Promise<void>((resolve) => (release = resolve));
          return ids;
        };
      },
    });
    const catalogue = catalogueOver(ctx, slowDraws);
    const popular = async () => ids(JSON.parse((await catalogue.popularJson(5)).plain.toString()) as Item[]);
    const answers = [await popular(), await popular(), await popular()];
    for (const answer of answers) {
      expect(answer).toHaveLength(5);
      expect(new Set(answer).size).toBe(5);
      expect(answer).not.toContain(draft.itemId);
    }
    // One draw waited for, and one being drawn for the answers after, however many came meanwhile.
    expect(draws).toBe(2);
    release();
  });

  it('answers bad parameters with 400 and a message', async () => {
    for (const url of [
      '/api/items/wallpapers/page?page=-1',
      '/api/items/wallpapers/page?page=abc',
      '/api/items/wallpapers/page?pageSize=101',
      '/api/items/wallpapers/page?pageSize=0',
      '/api/items/wallpapers/popular?number=0',
      '/api/items/wallpapers/popular?number=101',
      '/api/items/wallpapers/popular?number=ten',
      `/api/items/search/${'x'.repeat(101)}`,
      '/api/items/search/%20',
    ]) {
      const { status, body } = await get<{ message: string }>(url);
      expect({ url, status }).toEqual({ url, status: 400 });
      expect(body.message, url).toMatch(/page|number|term/);
    }
  });
});

describe('item JSON for the Android app', () => {
  const expectAdditions = (item: Item) => {
    expect(item).toMatchObject({
      id: live.itemId,
      itemId: live.itemId,
      sizeOptions: ['1440x2560'],
      version: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      downloadList: [
        { link: '', name: 'harbor-live-1440x2560.jpg', dimensions: '1440x2560', size: '1440x2560', ext: 'jpg' },
        { link: '', name: 'harbor-live-live.mp4', dimensions: '1440x2560', size: '1440x2560', ext: 'mp4' },
      ],
      imageList: [
        {
          type: 'small',
          name: 'aaaa-thumb-360.webp',
          link: `${ctx.config.publicUrl}/images/items/${live.itemId}/aaaa-thumb-360.webp`,
          resolution: '360x640',
          blob: '',
        },
        {
          type: 'large',
          name: 'bbbb-thumb-720.webp',
          link: `${ctx.config.publicUrl}/images/items/${live.itemId}/bbbb-thumb-720.webp`,
          resolution: '720x1280',
          blob: '',
        },
      ],
    });
  };

  it('carries id, createdAt, updatedAt, sizeOptions and version in lists and for one item', async () => {
    expectAdditions((await get<Item[]>('/api/items')).body.find((item) => item.itemId === live.itemId)!);
    expectAdditions((await get<Item[]>('/api/items/photoType/live')).body[0]!);
    expectAdditions((await get<{ items: Item[] }>('/api/items/wallpapers/page')).body.items[0]!);
    expectAdditions((await get<Item>(`/api/items/${live.itemId}`)).body);
  });

  it('bumps version and updatedAt on every change of the item', async () => {
    const before = (await get<Item>(`/api/items/${city.itemId}`)).body;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ctx.catalogue.update(city.itemId, { name: 'Neon Harbor II' });
    const after = (await get<Item>(`/api/items/${city.itemId}`)).body;
    expect(after.version).toBe(before.version + 1);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(after.createdAt).toBe(before.createdAt);
    await ctx.catalogue.update(city.itemId, { name: 'Neon Harbor' });
    expect((await get<Item>(`/api/items/${city.itemId}`)).body.version).toBe(before.version + 2);
  });

  it('is described by the OpenAPI document', async () => {
    interface Schema {
      properties: Record<string, Schema>;
      items: Schema;
    }
    type Operation = { responses: Record<string, { content: Record<string, { schema: Schema }> }> };
    const document = ctx.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const item = document.paths['/api/items/{itemId}']!.get!.responses['200']!.content['application/json']!.schema;
    expect(Object.keys(item.properties)).toEqual(
      expect.arrayContaining(['id', 'createdAt', 'updatedAt', 'sizeOptions', 'version']),
    );
    expect(Object.keys(item.properties.downloadList!.items.properties)).toEqual(
      expect.arrayContaining(['size', 'ext', 'link']),
    );
    expect(Object.keys(item.properties.imageList!.items.properties)).toEqual(expect.arrayContaining(['link']));
    for (const path of [
      '/api/items/search/{term}',
      '/api/items/tags',
      '/api/items/wallpapers/page',
      '/api/items/wallpapers/popular',
    ]) {
      expect(document.paths[path]?.get, path).toBeDefined();
    }
  });
});
