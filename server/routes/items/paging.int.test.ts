import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_SORTS, POPULAR_MAX, type Item, type ItemSort } from '#contract/item.ts';
import { ItemsRepository } from '../../db/repositories/items.repository.ts';
import { MAX_ANSWER_BYTES, type CatalogueService, type TagCount } from '../../services/catalogue/catalogue.service.ts';
import { buildItemRow } from '../../test/builders.ts';
import { catalogueOver, createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const THEMES = ['landscape', 'anime', 'minimalistic'];
const NAMES = ['Quiet Dune', 'Amber Coast', 'Night Grid', 'Misty Pines', 'Neon Rain'];
/** 150 published items with repeated prices and names, so ties are broken by itemId. */
const seeded = Array.from({ length: 150 }, (_, i) =>
  buildItemRow({
    itemId: `20250101_0000_${i.toString(16).padStart(8, '0')}`,
    name: NAMES[i % NAMES.length]!,
    priceCents: [0, 199, 280, 499][i % 4]!,
    freeDownload: i % 4 === 0,
    photoType: i % 5 === 0 ? 'live' : 'static',
    tags: [THEMES[i % 3]!, 'paging'],
  }),
);

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.catalogue.insert(seeded);
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ url, headers });
/** 10,000 published items of one tag, made on `day` (yyyymmdd), written in one statement. */
const insertTenThousand = (day: string, tag: string) =>
  ctx.db.execute(sql`
    insert into items (item_id, name, price_cents, photo_type, tags, thumbnail, image_list, downloads, media, published)
    select ${day} || '_0000_' || lpad(to_hex(g), 8, '0'), initcap(${tag}) || ' ' || g, 100, 'static', array[${tag}::text],
           't.webp', '[]'::jsonb, '[]'::jsonb, '{"placeholder":"","thumbnails":[]}'::jsonb, true
    from generate_series(1, 10000) as g`);
const nextOf = (link: string | string[] | undefined) => /^<([^>]+)>; rel="next"$/.exec(String(link ?? ''))?.[1];

/** Follows `Link: rel="next"` to the end, calling `between` after each page. */
async function walk(first: string, between: (page: number) => Promise<void> = async () => {}) {
  const seen: Item[] = [];
  let url: string | undefined = first;
  for (let page = 0; url; page++) {
    const response = await get(url);
    expect(response.statusCode, url).toBe(200);
    const body = response.json<Item[]>();
    expect(body.length).toBeLessThanOrEqual(37);
    seen.push(...body);
    url = nextOf(response.headers.link);
    await between(page);
  }
  return seen;
}

const ORDER: Record<ItemSort, (a: Item, b: Item) => number> = {
  newest: (a, b) => (a.itemId < b.itemId ? 1 : -1),
  oldest: (a, b) => (a.itemId < b.itemId ? -1 : 1),
  'price-asc': (a, b) => a.price - b.price || (a.itemId < b.itemId ? 1 : -1),
  'price-desc': (a, b) => b.price - a.price || (a.itemId < b.itemId ? 1 : -1),
  name: (a, b) => (a.name === b.name ? (a.itemId < b.itemId ? -1 : 1) : a.name < b.name ? -1 : 1),
};

describe('paged lists', () => {
  it('return every item exactly once, in order, for each sort, while items are inserted between pages', async () => {
    let added = 0;
    for (const sort of ITEM_SORTS) {
      const before = new Set(seeded.map((row) => row.itemId));
      const seen = await walk(`/api/items/tag/paging?limit=37&sort=${sort}`, async () => {
        added++;
        await ctx.catalogue.insert([
          buildItemRow({ itemId: `20240101_0000_${added.toString(16).padStart(8, '0')}`, tags: ['paging'] }),
        ]);
      });
      const original = seen.filter((item) => before.has(item.itemId));
      expect(original.map((item) => item.itemId).sort(), sort).toEqual([...before].sort());
      expect(new Set(seen.map((item) => item.itemId)).size, sort).toBe(seen.length);
      expect(original, sort).toEqual([...original].sort(ORDER[sort]));
    }
  });

  it('give by offset the very items of the whole list at those places, for each sort, on a theme and a tag', async () => {
    for (const path of ['/api/items/tag/landscape', '/api/items/tag/anime?photoType=static']) {
      for (const sort of ITEM_SORTS) {
        const url = `${path}${path.includes('?') ? '&' : '?'}sort=${sort}`;
        const whole = (await get(`${url}&limit=200`)).json<Item[]>().map((item) => item.itemId);
        expect(whole.length, url).toBeGreaterThan(20);
        for (const offset of [1, 7, whole.length - 3]) {
          const page = (await get(`${url}&limit=6&offset=${offset}`)).json<Item[]>().map((item) => item.itemId);
          expect(page, `${url} @${offset}`).toEqual(whole.slice(offset, offset + 6));
        }
      }
    }
  });

  it('say how many there are and where the next page is, on the path that was asked', async () => {
    const landscape = seeded.filter((row) => row.tags!.includes('landscape')).length;
    const first = await get('/api/items/tag/landscape?limit=20&offset=0');
    expect(first.headers['x-total-count']).toBe(String(landscape));
    const next = nextOf(first.headers.link)!;
    expect(next).toMatch(/^\/api\/items\/tag\/landscape\?limit=20&cursor=[A-Za-z0-9_-]+$/);
    const last = await get(`/api/items/tag/landscape?limit=20&offset=${landscape - 5}`);
    expect(last.json<Item[]>()).toHaveLength(5);
    expect(last.headers.link).toBeUndefined();
    // /painting's static anime items: filtered by the server, counted by it too.
    const staticAnime = seeded.filter((row) => row.tags!.includes('anime') && row.photoType === 'static').length;
    const painting = await get('/api/items/tag/painting?photoType=static&limit=200');
    expect(painting.json<Item[]>()).toHaveLength(staticAnime);
    expect(painting.headers['x-total-count']).toBe(String(staticAnime));
    const live = await get('/api/items?photoType=live&limit=200');
    expect(live.json<Item[]>().every((item) => item.photoType === 'live')).toBe(true);
    expect(Number(live.headers['x-total-count'])).toBe(seeded.filter((row) => row.photoType === 'live').length);
  });

  it('default to 60 items and refuse more than 200 or a malformed cursor with a 400', async () => {
    expect((await get('/api/items')).json<Item[]>()).toHaveLength(60);
    const tooMany = await get('/api/items?limit=201');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/limit must be 1 to 200/);
    const otherSort = nextOf((await get('/api/items?limit=5&sort=price-asc')).headers.link)!.split('cursor=')[1]!;
    for (const cursor of ['%21%21', 'bm90LWpzb24', Buffer.from('{"sort":"newest"}').toString('base64url'), otherSort]) {
      const response = await get(`/api/items?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().message, cursor).toMatch(/cursor is not valid/);
    }
  });

  it('stay under 256 KB, holding fewer items than asked when their JSON is large, and go on from there', async () => {
    const long = Array.from({ length: 200 }, (_, i) =>
      buildItemRow({
        itemId: `20230303_0303_${i.toString(16).padStart(8, '0')}`,
        name: `Long ${'Wallpaper '.repeat(20)}${i}`,
        tags: ['long-entries', ...Array.from({ length: 40 }, (_, t) => `tag-number-${t}`)],
      }),
    );
    await ctx.catalogue.insert(long);
    try {
      const first = await get('/api/items/tag/long-entries?limit=200');
      expect(first.rawPayload.length).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
      const shown = first.json<Item[]>();
      expect(shown.length).toBeGreaterThan(50);
      expect(shown.length).toBeLessThan(200);
      const rest = await get(nextOf(first.headers.link)!);
      const all = [...shown, ...rest.json<Item[]>()].map((item) => item.itemId);
      expect(all).toEqual(long.map((row) => row.itemId).reverse());
      const search = await get('/api/items/search?q=wallpaper&limit=200');
      expect(search.rawPayload.length).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
      expect(search.json<Item[]>().length).toBeLessThan(200);
    } finally {
      for (const row of long) await ctx.catalogue.remove(row.itemId);
    }
  });

  it('carry an ETag and CDN caching headers, and answer 304 to a client that has the page', async () => {
    const first = await get('/api/items/tag/anime?limit=10', { 'accept-encoding': 'br, gzip' });
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    const again = await get('/api/items/tag/anime?limit=10', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('page search results, and find near spellings when the words match nothing', async () => {
    const first = await get('/api/items/search?q=coast&limit=10');
    const coast = seeded.filter((row) => row.name === 'Amber Coast').length;
    expect(first.headers['x-total-count']).toBe(String(coast));
    const all = await walk(nextOf(first.headers.link)!);
    expect(new Set([...first.json<Item[]>(), ...all].map((item) => item.itemId)).size).toBe(coast);

    const pastTheEnd = await get(`/api/items/search?q=coast&offset=${coast + 10}`);
    expect(pastTheEnd.json()).toEqual([]);
    expect(pastTheEnd.headers['x-total-count']).toBe(String(coast));

    const misspelt = await get('/api/items/search?q=landscpe&limit=50');
    const found = misspelt.json<Item[]>();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((item) => item.tags.includes('landscape'))).toBe(true);
    expect((await get('/api/items/search?q=qqqqzzzz')).json()).toEqual([]);
  });
});

/** A catalogue with no answer cache, and how many lists it has counted so far. */
function countingCatalogue() {
  let counted = 0;
  class CountedCounts extends ItemsRepository {
    override async countPublished(...args: Parameters<ItemsRepository['countPublished']>) {
      counted++;
      return super.countPublished(...args);
    }
  }
  return { catalogue: catalogueOver(ctx, new CountedCounts(ctx.db)), counts: () => counted };
}

describe('catalogue reads at 20,000 items', () => {
  it('never read more rows than the page they answer', async () => {
    await ctx.db.execute(sql`
      insert into items (item_id, name, price_cents, photo_type, tags, thumbnail, image_list, downloads, media, published)
      select format('20230101_0000_%s', lpad(to_hex(g), 8, '0')), 'Bulk ' || g, 100 + g % 7 * 50,
             case when g % 4 = 0 then 'live' else 'static' end,
             array[(array['landscape', 'anime', 'minimalistic'])[1 + g % 3], 'bulk'],
             't.webp', '[]'::jsonb, '[]'::jsonb, '{"placeholder":"","thumbnails":[]}'::jsonb, true
      from generate_series(1, 20000) as g`);
    const rowsRead: { method: string; rows: number }[] = [];
    const repository = new ItemsRepository(ctx.db);
    // Every method of the repository is counted: arrays by length, generators by each page they yield.
    const counting = new Proxy(repository, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result = value.apply(target, args);
          if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
            return (async function* () {
              for await (const page of result as AsyncIterable<unknown[]>) {
                rowsRead.push({ method: String(name), rows: page.length });
                yield page;
              }
            })();
          }
          return Promise.resolve(result).then((answer: unknown) => {
            const listed = answer as { rows?: unknown; keys?: unknown } | undefined;
            const rows = Array.isArray(answer) ? answer : (listed?.rows ?? listed?.keys);
            if (Array.isArray(rows)) rowsRead.push({ method: String(name), rows: rows.length });
            return answer;
          });
        };
      },
    });
    const catalogue = catalogueOver(ctx, counting);
    const paging = { limit: 60, offset: 0 };
    await catalogue.listJson({ ...paging, sort: 'newest' });
    await catalogue.listJson({ ...paging, sort: 'price-desc', offset: 5000 });
    await catalogue.byTagJson('landscape', { ...paging, sort: 'name' });
    await catalogue.byPhotoTypeJson('live', { ...paging, sort: 'oldest' });
    await catalogue.searchJson('bulk', paging);
    await catalogue.searchJson('bulkk', paging);
    await catalogue.wallpapersPageJson({ page: 100, pageSize: 30, catalog: 'anime' });
    await catalogue.popularJson(10);
    await catalogue.atIndex(19_000);
    await catalogue.itemJson('20230101_0000_00000001');
    for await (const page of catalogue.publishedPages(1000)) expect(page.length).toBeLessThanOrEqual(1000);

    expect(rowsRead.length).toBeGreaterThan(10);
    // Ids only: the sitemap's pages of them, and the popular list's random sample (as many as it is ever asked for).
    const idsAtMost: Record<string, number> = { publishedIdsNewestFirst: 1000, sampleIds: POPULAR_MAX };
    const tooMany = rowsRead.filter(({ method, rows }) => rows > (idsAtMost[method] ?? 61));
    expect(tooMany).toEqual([]);
  }, 60_000);

  it("sends a large list's total from before a change only while it is counted again", async () => {
    await insertTenThousand('20220101', 'lagging');
    ctx.catalogue.invalidate();
    const total = async () => Number((await get('/api/items/tag/lagging?limit=1')).headers['x-total-count']);
    expect(await total()).toBe(10_000);

    await ctx.catalogue.insert([buildItemRow({ tags: ['lagging'] })]);
    // At once the list may still say 10,000; that answer is not kept, so the new count follows, and stays.
    const deadline = Date.now() + 5_000;
    let seen = await total();
    expect([10_000, 10_001]).toContain(seen);
    while (seen !== 10_001 && Date.now() < deadline) seen = await total();
    expect(seen).toBe(10_001);
    for (let i = 0; i < 3; i++) expect(await total()).toBe(10_001);
  });

  it('counts a large list once at a time while writes follow one another, and ends on the true total', async () => {
    await insertTenThousand('20210101', 'burst');
    // Counts that take as long as a million items' do, each watched while it runs.
    const running = { now: 0, most: 0, started: 0 };
    class SlowCounts extends ItemsRepository {
      override async countPublished(...args: Parameters<ItemsRepository['countPublished']>) {
        running.started++;
        running.most = Math.max(running.most, ++running.now);
        try {
          await new Promise((resolve) => setTimeout(resolve, 300));
          return await super.countPublished(...args);
        } finally {
          running.now--;
        }
      }
    }
    const catalogue = catalogueOver(ctx, new SlowCounts(ctx.db));
    const total = async () => (await catalogue.byTagJson('burst', { limit: 1, offset: 0, sort: 'newest' })).total;
    expect(await total()).toBe(10_000);

    const writes = 6;
    for (let i = 0; i < writes; i++) {
      await catalogue.insert([buildItemRow({ tags: ['burst'] })]);
      expect(await total()).toBeGreaterThanOrEqual(10_000);
    }
    const deadline = Date.now() + 5_000;
    while ((await total()) !== 10_000 + writes && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await total()).toBe(10_000 + writes);
    expect(running.most).toBe(1);
    expect(running.started).toBeLessThan(1 + writes);
  });

  it("takes a tag's totals, of each photo type too, from every tag's counts made at this version, and counts itself after a change", async () => {
    const { catalogue, counts } = countingCatalogue();
    // Each time another page size, so no answer is kept from before.
    const totals = async (tag: string, limit: number) =>
      Promise.all(
        [undefined, 'static' as const, 'live' as const].map(
          async (photoType) => (await catalogue.byTagJson(tag, { limit, offset: 0, sort: 'newest', photoType })).total,
        ),
      );
    const rows = [
      buildItemRow({ tags: ['firsts'] }),
      buildItemRow({ tags: ['firsts'] }),
      buildItemRow({ tags: ['firsts', 'seconds'], photoType: 'live' }),
    ];
    await catalogue.insert(rows);
    expect(await totals('firsts', 1)).toEqual([3, 2, 1]);
    expect(counts()).toBe(3);

    await catalogue.tagCounts();
    expect(await totals('firsts', 2)).toEqual([3, 2, 1]);
    expect(await totals('seconds', 2)).toEqual([1, 0, 1]);
    expect(await totals('nobody-carries-this', 2)).toEqual([0, 0, 0]);
    expect(counts()).toBe(3);

    await catalogue.update(rows[2]!.itemId, { published: false });
    expect(await totals('firsts', 3)).toEqual([2, 2, 0]);
    expect(counts()).toBe(6);
  });

  it('counts the lists a visitor starts from once, so their first visits count nothing, and counts again after a change', async () => {
    const { catalogue, counts } = countingCatalogue();
    await catalogue.insert([
      buildItemRow({ tags: ['starters'] }),
      buildItemRow({ tags: ['starters'], photoType: 'live' }),
    ]);
    const page = { limit: 1, offset: 0, sort: 'newest' as const };
    // Each list's total as the routes ask for it, and as a catalogue that kept no count finds it.
    const totals = async (service: CatalogueService, limit: number) => [
      ...(
        await Promise.all([
          service.listJson({ ...page, limit }),
          service.listJson({ ...page, limit, photoType: 'live' }),
          service.listJson({ ...page, limit, photoType: 'static', dark: true }),
          service.byPhotoTypeJson('live', { ...page, limit }),
          service.byTagJson('starters', { ...page, limit, photoType: 'live' }),
        ])
      ).map(({ total }) => total),
      (
        JSON.parse(
          (await service.wallpapersPageJson({ catalog: 'all', page: 0, pageSize: limit })).plain.toString(),
        ) as {
          totalItems: number;
        }
      ).totalItems,
    ];
    const uncounted = () => catalogueOver(ctx, new ItemsRepository(ctx.db));

    await catalogue.countLists();
    const made = counts();
    const first = await totals(catalogue, 1);
    expect(first).toEqual(await totals(uncounted(), 1));
    expect(first[4]).toBe(1);
    expect(counts()).toBe(made);

    // After a change each is counted again (a large one sent from before while it is).
    await catalogue.insert([buildItemRow({ tags: ['starters'] })]);
    const now = await totals(uncounted(), 2);
    expect(now[0]).toBe(first[0]! + 1);
    const deadline = Date.now() + 5_000;
    let limit = 2;
    while (JSON.stringify(await totals(catalogue, limit++)) !== JSON.stringify(now) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await totals(catalogue, limit)).toEqual(now);
    expect(counts()).toBeGreaterThan(made);
  });

  it("sends every tag's count from before a change while they are counted again, in one count, then the new ones", async () => {
    await insertTenThousand('20200101', 'chips');
    let counts = 0;
    class SlowTagCounts extends ItemsRepository {
      override async tagCounts() {
        counts++;
        await new Promise((resolve) => setTimeout(resolve, 300));
        return super.tagCounts();
      }
    }
    const catalogue = catalogueOver(ctx, new SlowTagCounts(ctx.db));
    const chips = async () => {
      const tags = JSON.parse((await catalogue.tagsJson()).plain.toString()) as TagCount[];
      return tags.find(({ tag }) => tag === 'chips')?.count;
    };
    expect(await chips()).toBe(10_000);

    await catalogue.insert([buildItemRow({ tags: ['chips'] })]);
    await catalogue.insert([buildItemRow({ tags: ['chips'] })]);
    // The app's next visitor does not wait for the count: the one from before comes at once.
    expect(await chips()).toBe(10_000);
    expect(await chips()).toBe(10_000);
    const deadline = Date.now() + 5_000;
    while ((await chips()) !== 10_002 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await chips()).toBe(10_002);
    expect(counts).toBe(2);
  });
});
