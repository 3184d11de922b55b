import { eq, type SQL, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COLOUR_MATCH_DISTANCE, deltaE, labOfHex, OLED_DARK_SHARE, SWATCHES, type Lab } from '#contract/colour.ts';
import { THEMES } from '#contract/constants.ts';
import type { Item } from '#contract/item.ts';
import { cellOf } from '../../db/repositories/colour-cells.ts';
import { type CatalogueFilter, ItemsRepository } from '../../db/repositories/items.repository.ts';
import { rowsOf } from '../../db/repositories/raw-rows.ts';
import { DARK_SHADE, items, nearColour, swatchShade } from '../../db/schema.ts';
import { buildItemRow } from '../../test/builders.ts';
import { catalogueOver, createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;

const BLUE = '2f63c0';
/** Landscape wallpapers with known palettes; their distances from BLUE in CIELAB are 0, 2.9, 12.4 and 95. */
const palette = (colours: string[], darkShare: number) => ({
  media: { placeholder: '', thumbnails: [], palette: colours, darkShare },
});
const exact = buildItemRow({ itemId: '20261110_0000_c0000001', ...palette(['#ffffff', '#2f63c0'], 0.1) });
const close = buildItemRow({ itemId: '20261110_0000_c0000002', ...palette(['#101010', '#3a6ac8'], 0.7) });
const navy = buildItemRow({ itemId: '20261110_0000_c0000003', ...palette(['#000000', '#2a4f9a'], 0.8) });
const red = buildItemRow({ itemId: '20261110_0000_c0000004', ...palette(['#c8323c'], 0) });
/** Made before palettes: its original is a blue picture in storage. */
const old = buildItemRow({ itemId: '20261110_0000_c0000005', media: { placeholder: '', thumbnails: [] } });
const anime = buildItemRow({ itemId: '20261110_0000_c0000006', tags: ['anime'], ...palette(['#2f63c0'], 0) });
const draft = buildItemRow({ itemId: '20261110_0000_c0000007', published: false, ...palette(['#2f63c0'], 0.9) });

/**
 * A colour's page read from the blocks around it, merged newest first (decision 072), whatever
 * the sample would choose: of a theme's, or of a tag's `themes`, or every block.
 */
const fromBlocks = async (
  repository: ItemsRepository,
  filter: CatalogueFilter & { near: Lab },
  candidates: number,
  themes?: string[],
) => {
  const page = await repository['rankedPage'](
    { limit: 10 },
    repository['inCellsNear'](filter, candidates, 'blocks', themes),
  );
  return { ids: page.keys.map((row) => row.itemId), total: page.total };
};

const ids = async (url: string) => {
  const response = await ctx.app.inject({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Item[]>().map((item) => item.itemId);
};

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.catalogue.insert([exact, close, navy, red, old, anime, draft]);
});
afterAll(() => ctx.close());

describe('colour filters', () => {
  it("keep a colour's wallpapers nearest first, on every list", async () => {
    expect(await ids(`/api/items/tag/landscape?color=${BLUE}`)).toEqual([exact.itemId, close.itemId, navy.itemId]);
    // Equally near: newest first. A sort does not change a colour's order.
    expect(await ids(`/api/items?color=%23${BLUE.toUpperCase()}&sort=price-desc`)).toEqual([
      anime.itemId,
      exact.itemId,
      close.itemId,
      navy.itemId,
    ]);
    expect(await ids(`/api/items/photoType/static?color=c8323c`)).toEqual([red.itemId]);
    // By offset too: the same order, from the place asked for.
    expect(await ids(`/api/items?color=${BLUE}&limit=2&offset=1`)).toEqual([exact.itemId, close.itemId]);
    const counted = await ctx.app.inject({ url: `/api/items/tag/landscape?color=${BLUE}` });
    expect(counted.headers['x-total-count']).toBe('3');
    // A page past the end still tells how many there are.
    const beyond = await ctx.app.inject({ url: `/api/items/tag/landscape?color=${BLUE}&offset=10` });
    expect([beyond.json(), beyond.headers['x-total-count']]).toEqual([[], '3']);
  });

  it("count a colour's list in the query that pages it, with no count of its own unless the page is past the end", async () => {
    const counts: string[] = [];
    class WatchedCounts extends ItemsRepository {
      override countPublished(...args: Parameters<ItemsRepository['countPublished']>) {
        counts.push(JSON.stringify(args[0]));
        return super.countPublished(...args);
      }
    }
    const catalogue = catalogueOver(ctx, new WatchedCounts(ctx.db));
    const total = async (tag: string, paging: { offset?: number; color: string }) =>
      (await catalogue.byTagJson(tag, { limit: 2, offset: 0, sort: 'newest', ...paging })).total;
    expect(await total('landscape', { color: BLUE })).toBe(3);
    expect(await total('anime', { color: 'c8323c' })).toBe(0);
    expect(counts).toEqual([]);
    expect(await total('landscape', { color: BLUE, offset: 10 })).toBe(3);
    expect(counts).toHaveLength(1);
  });

  it("'OLED dark' keeps the wallpapers at least half near-black, alone or with a colour", async () => {
    expect(await ids('/api/items/tag/landscape?dark=true')).toEqual([navy.itemId, close.itemId]);
    expect(await ids(`/api/items/tag/landscape?dark=true&color=${BLUE}`)).toEqual([close.itemId, navy.itemId]);
    expect(await ids('/api/items/tag/landscape?dark=false')).toHaveLength(5);
  });

  it("pages through a colour's list by cursor without losing or repeating one", async () => {
    const page = async (url: string) => {
      const response = await ctx.app.inject({ url });
      const next = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
      return { ids: response.json<Item[]>().map((item) => item.itemId), next: next?.replace(/^https?:\/\/[^/]+/, '') };
    };
    const seen: string[] = [];
    let url: string | undefined = `/api/items/tag/landscape?color=${BLUE}&limit=1`;
    while (url) {
      const { ids: shown, next } = await page(url);
      seen.push(...shown);
      url = next;
    }
    expect(seen).toEqual([exact.itemId, close.itemId, navy.itemId]);
  });

  it('narrow a search', async () => {
    expect((await ids(`/api/items/search?q=test&color=${BLUE}`)).sort()).toEqual(
      [exact.itemId, close.itemId, navy.itemId, anime.itemId].sort(),
    );
    expect(await ids(`/api/items/search?q=test&dark=true`)).not.toContain(exact.itemId);
  });

  it('refuse a colour or a dark flag they cannot read', async () => {
    for (const [url, message] of [
      ['/api/items?color=blue', 'color must be six hex digits, e.g. 2f63c0'],
      ['/api/items/search?q=sky&color=12345', 'color must be six hex digits, e.g. 2f63c0'],
      ['/api/items/tag/landscape?dark=yes', 'dark must be true or false'],
    ]) {
      const response = await ctx.app.inject({ url: url! });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it("'More like this' puts the nearest dominant colour first among equally shared tags", async () => {
    const source = buildItemRow({ itemId: '20261110_0000_c0000010', tags: ['sea'], ...palette(['#2f63c0'], 0) });
    const blueish = buildItemRow({ itemId: '20261110_0000_c0000011', tags: ['sea'], ...palette(['#3355a0'], 0) });
    const reddish = buildItemRow({ itemId: '20261110_0000_c0000012', tags: ['sea'], ...palette(['#c8323c'], 0) });
    await ctx.catalogue.insert([source, blueish, reddish]);
    expect(await ids(`/api/items/${source.itemId}/like`)).toEqual([blueish.itemId, reddish.itemId]);
  });

  it('work out the palettes of wallpapers made before them when the server starts', async () => {
    // An old store: one item's palette was kept without its coordinates, the other has none at all.
    await ctx.db.update(items).set({ colours: null }).where(eq(items.itemId, exact.itemId));
    const picture = await sharp({ create: { width: 90, height: 160, channels: 3, background: '#2f63c0' } })
      .jpeg()
      .toBuffer();
    await ctx.storage.put(old.downloads[0]!.key, picture, { contentType: 'image/jpeg' });
    ctx.catalogue.invalidate();
    expect(await ids(`/api/items/tag/landscape?color=${BLUE}`)).not.toContain(exact.itemId);

    await ctx.adminItems.queueMissingPalettes();
    await ctx.settleJobs();
    const item = (await ctx.app.inject({ url: `/api/items/${old.itemId}` })).json<Item>();
    expect(deltaE(labOfHex(item.palette[0]!), labOfHex(`#${BLUE}`))).toBeLessThan(2);
    expect(item.darkShare).toBe(0);
    const found = await ids(`/api/items/tag/landscape?color=${BLUE}`);
    expect(found.slice(0, 2).sort()).toEqual([exact.itemId, old.itemId]);
    expect(found.slice(2)).toEqual([close.itemId, navy.itemId]);
  });
});

describe("a colour filter's index", () => {
  let edge: TestContext;
  afterAll(() => edge?.close());

  it('finds every palette colour within reach, swatch or not', async () => {
    edge = await createTestContext();
    // Colours scattered around three targets, a few hundred in all, each the only colour of its wallpaper's palette. Two targets are swatches,
    // whose lists walk an index of their own; the grey is not, and is walked or found in its box.
    let seed = 7;
    const random = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647) * 2 - 1;
    const targets = ['#7a7a7a', '#e07b2a', '#3e8e4a'];
    const hex = (channels: number[]) => `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    const rows = targets.flatMap((target, t) =>
      Array.from({ length: 150 }, (_, i) => {
        const channels = [1, 3, 5].map((at) => Number.parseInt(target.slice(at, at + 2), 16));
        const colour = hex(channels.map((c) => Math.max(0, Math.min(255, Math.round(c + random() * 45)))));
        return buildItemRow({
          itemId: `20261111_0000_e${t}${String(i).padStart(6, '0')}`,
          tags: ['edge'],
          ...palette([colour], 0),
        });
      }),
    );
    await edge.catalogue.insert(rows);
    for (const target of targets) {
      const distances = rows.map((row) => deltaE(labOfHex(row.media.palette![0]!), labOfHex(target)));
      // Colours a rounding away from the threshold are left out of the count either way.
      const within = distances.filter((d) => d <= 24.99).length;
      const borderline = distances.filter((d) => d > 24.99 && d <= 25.01).length;
      expect(within).toBeGreaterThan(20);
      const response = await edge.app.inject({ url: `/api/items/tag/edge?color=${target.slice(1)}` });
      expect(response.statusCode).toBe(200);
      const total = Number(response.headers['x-total-count']);
      expect(total).toBeGreaterThanOrEqual(within);
      expect(total).toBeLessThanOrEqual(within + borderline);
    }
  });
});

describe('a colour that is not a swatch', () => {
  let shop: TestContext;
  afterAll(() => shop?.close());

  it('number the cells of a sample as palette_cell does, out to the ends of each axis', async () => {
    let seed = 11;
    // As the palettes hold them, in single precision.
    const random = () => Math.fround((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647);
    // Across CIELAB and past it, with coordinates on the cells' edges and at the clamped ends.
    const colours = [
      ...Array.from({ length: 300 }, () => ({ l: random() * 100, a: random() * 256 - 128, b: random() * 256 - 128 })),
      { l: 0, a: 0, b: 0 },
      { l: 12.5, a: -12.5, b: 25 },
      { l: 900, a: -900, b: 800.5 },
    ];
    const numbered = rowsOf<{ cell: number }>(
      await ctx.db.execute(
        sql`select palette_cell(l, a, b) as cell
            from rows from (jsonb_to_recordset(${JSON.stringify(colours)}::jsonb) as (l real, a real, b real))
              with ordinality as colour(l, a, b, n)
            order by n`,
      ),
    );
    expect(numbered.map((row) => row.cell)).toEqual(colours.map(cellOf));
  });

  it('finds the same page whether its candidates come from the walk, its cells, its blocks, or a walk that falls short', async () => {
    shop = await createTestContext();
    // Oldest first: fifty colours scattered around the target (some within reach, some only in
    // the cells around it), then seven far from it, two just out of reach (ΔE 29.2 and 30.4, in
    // the cells around it), then the target itself, the newest.
    // 'mixed' holds every other scattered one and the far ones: its newest is far.
    const target = '#7a5a9a';
    let seed = 11;
    const random = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647) * 2 - 1;
    const channels = [1, 3, 5].map((at) => Number.parseInt(target.slice(at, at + 2), 16));
    const hex = (values: number[]) =>
      `#${values
        .map((c) =>
          Math.max(0, Math.min(255, Math.round(c)))
            .toString(16)
            .padStart(2, '0'),
        )
        .join('')}`;
    const colours = [
      ...Array.from({ length: 50 }, () => hex(channels.map((c) => c + random() * 40))),
      ...Array.from({ length: 7 }, (_, i) => hex([20 + i * 30, 230, 20])),
      '#7a809a',
      '#7a5ad0',
      target,
    ];
    const near = labOfHex(target);
    const rows = colours.map((colour, i) => ({
      row: buildItemRow({
        itemId: `20261113_0000_n${String(i + 1).padStart(7, '0')}`,
        tags: [
          'landscape',
          ...((i < 50 && i % 2 === 0) || (i >= 50 && i < 57) ? ['mixed'] : []),
          ...(i >= 20 ? ['recent'] : []),
        ],
        ...palette([colour], 0),
      }),
      distance: deltaE(labOfHex(colour), near),
    }));
    await shop.catalogue.insert(rows.map(({ row }) => row));
    // Counted, as a store's tables are: the reckoning weighs the cells by the catalogue's size.
    await shop.db.execute(sql`analyze items`);
    // No colour a rounding away from the threshold, which the database may count either way.
    expect(rows.filter(({ distance }) => distance > 24.98 && distance < 25.02)).toEqual([]);
    // The cells around it hold colours out of reach.
    expect(rows.filter(({ distance }) => distance > 25 && distance < 25 * Math.sqrt(3)).length).toBeGreaterThan(0);
    const candidates = 5;
    /** The newest `candidates` matches of these rows, nearest first. */
    const expected = (listed: typeof rows) => {
      const matches = listed.filter(({ distance }) => distance <= 25);
      expect(matches.length).toBeGreaterThanOrEqual(candidates);
      return {
        ids: matches
          .slice(-candidates)
          .sort((p, q) => p.distance - q.distance || (p.row.itemId < q.row.itemId ? 1 : -1))
          .map(({ row }) => row.itemId),
        total: candidates,
      };
    };
    const repository = new ItemsRepository(shop.db);
    const listed = async (walked: number, tag?: string) => {
      const { keys: found, total } = await repository.nearestPage({
        filter: { near, tag },
        limit: 10,
        candidates,
        walked,
      });
      return { ids: found.map((row) => row.itemId), total };
    };
    // The walk of the thirty newest finds its five.
    expect(rows.slice(-30).filter(({ distance }) => distance <= 25).length).toBeGreaterThanOrEqual(candidates);
    // The whole catalogue: with no sample (0), the cells; otherwise the sample makes more
    // matches than twice the candidates, so the blocks around the colour, merged newest first,
    // once the cells of the newest few the sample points to hold too few (the newest ten, one).
    for (const walked of [0, 4, 8, 30, 1_000_000]) expect(await listed(walked)).toEqual(expected(rows));
    // Within a theme that holds every row. 0: no sample, no walk, the theme's colours in the
    // cells. 4 and 8: the newest matches, so walked (twice as far as that sample says five need),
    // but too few found there, then the cells. 30: walked. A million: the sample is the whole list,
    // then the whole list walked.
    for (const walked of [0, 4, 8, 30, 1_000_000]) expect(await listed(walked, 'landscape')).toEqual(expected(rows));
    // The newest of 'mixed' is far: its sample of one (walked 30) finds none, so the cells at
    // once, where more matches than a twentieth of its 32 items take it among its postings
    // hashed. Its newest eight (walked 400) hold one match: the cells cheaper than a walk or the
    // blocks, and as its theme holds 60 / 32 times its items, among its postings hashed as well
    // (decision 073). The whole list as its sample: its theme's blocks, merged (decision 072).
    const mixed = rows.filter(({ row }) => row.tags!.includes('mixed'));
    const reads = vi.spyOn(
      repository as unknown as Record<'inCellsNear', (...args: unknown[]) => unknown>,
      'inCellsNear',
    );
    for (const [walked, read] of [
      [30, 'among-tag'],
      [400, 'among-tag'],
      [1_000_000, 'blocks'],
    ] as const) {
      reads.mockClear();
      expect(await listed(walked, 'mixed')).toEqual(expected(mixed));
      expect(reads.mock.calls.map((call) => call[2])).toEqual([read]);
    }
    reads.mockRestore();
    // What the newest say, as traced above: the sample of one (a fiftieth of 30, of 4) is the
    // target, a match, in a catalogue of 60; mixed's newest is far, and mixed has 32 items.
    const weighed = async (walked: number, tag?: string) =>
      repository['colourWalk'](
        near,
        await repository['listSample']((size) => repository['newestListed']({ tag }, size), walked, tag),
        candidates,
        walked,
        tag,
      );
    expect(await weighed(30)).toMatchObject({ share: 1, matches: rows.length });
    expect(await weighed(4, 'landscape')).toMatchObject({ walk: 10, share: 1 });
    expect(await weighed(30, 'mixed')).toMatchObject({ walk: undefined, share: 0, tagged: mixed.length });
    expect(await weighed(400, 'mixed')).toMatchObject({ walk: undefined, blocks: false, share: 1 / 8 });
    expect((await weighed(400, 'mixed')).spread).toBeCloseTo(rows.length / mixed.length);
    // The theme's blocks, and the tag's through the themes its items are filed under, merged
    // newest first, find the same pages, whatever the sample would choose.
    expect(await fromBlocks(repository, { near, tag: 'landscape' }, candidates)).toEqual(expected(rows));
    const { themes } = await weighed(30, 'mixed');
    expect(themes).toEqual(['landscape']);
    expect(await fromBlocks(repository, { near, tag: 'mixed' }, candidates, themes)).toEqual(expected(mixed));

    // A search within the colour reads the word's postings against the palettes (walked: its
    // newest match is the target) or the cells (no sample; 'mixed', whose newest is far), or,
    // for a word with fewer postings than the walk, the items' own index ('recent', 38, with 50
    // walked); the near spellings read the cells or the items. Each finds the newest five matches.
    const newestIds = (listed: typeof rows) => new Set(expected(listed).ids);
    const page = { limit: 10, offset: 0, candidates };
    const searched = async (query: string, walked: number) => {
      const { keys: found, total } = await repository.search(query, { near }, { ...page, walked });
      return { ids: new Set(found.map((row) => row.itemId)), total };
    };
    const similar = async (text: string, walked: number) =>
      new Set((await repository.similar(text, { near }, { ...page, walked })).map((row) => row.itemId));
    for (const walked of [0, 30, 50]) {
      expect(await searched('landscape:*', walked)).toEqual({ ids: newestIds(rows), total: candidates });
      expect(await searched('mixed:*', walked)).toEqual({ ids: newestIds(mixed), total: candidates });
      expect(await searched('recent:*', walked)).toEqual({ ids: newestIds(rows.slice(20)), total: candidates });
      expect(await similar('landscap', walked)).toEqual(newestIds(rows));
    }
  });
});

describe("a colour's newest matches", () => {
  let shop: TestContext;
  afterAll(() => shop?.close());

  it('are read from the cells of the newest items only, as far back as the sample says they reach, then as the matches found say, or from all when short', async () => {
    shop = await createTestContext();
    // Oldest first: thirty near the target, twenty far from it, then ten near it, the newest.
    const target = labOfHex('#3a8a5a');
    const rows = Array.from({ length: 60 }, (_, i) =>
      buildItemRow({
        itemId: `20261114_0000_r${String(i + 1).padStart(7, '0')}`,
        tags: ['landscape'],
        ...palette([i >= 30 && i < 50 ? '#e0d020' : `#3a8a${(0x50 + (i % 16)).toString(16)}`], 0),
      }),
    );
    await shop.catalogue.insert(rows);
    await shop.db.execute(sql`analyze items`);
    const matches = rows.filter((row) => deltaE(labOfHex(row.media.palette![0]!), target) <= COLOUR_MATCH_DISTANCE);
    expect(matches).toHaveLength(40);
    const repository = new ItemsRepository(shop.db);
    const reads = vi.spyOn(
      repository as unknown as Record<'inCellsNear', (...args: unknown[]) => unknown>,
      'inCellsNear',
    );
    /** The page of the newest `candidates` matches, and whether each read was of the newest items only. */
    const listed = async (candidates: number, tag?: string) => {
      reads.mockClear();
      // A sample of one, the newest: a match.
      const page = await repository.nearestPage({ filter: { near: target, tag }, limit: 20, candidates, walked: 30 });
      return {
        ids: new Set(page.keys.map((row) => row.itemId)),
        total: page.total,
        newestOnly: reads.mock.calls.map((call) => call[4] !== undefined),
      };
    };
    const newest = (candidates: number) => ({
      ids: new Set(matches.slice(-candidates).map((row) => row.itemId)),
      total: candidates,
    });
    // Four: twice as many of the newest as the sample says hold them (eight of sixty, at a bound
    // of the planner's histogram) hold them. Twelve: the newest twenty-four hold ten, short, so
    // the newest 43 are read (as far as ten in 24 make twelve, and half again), which hold them.
    // Sixteen: the newest 32 hold thirteen, and as far as those make sixteen, and half again, is
    // the whole catalogue, so every cell around it is read.
    expect(await listed(4)).toEqual({ ...newest(4), newestOnly: [true] });
    expect(await listed(12)).toEqual({ ...newest(12), newestOnly: [true, true] });
    expect(await listed(16)).toEqual({ ...newest(16), newestOnly: [true, false] });
    // A theme's list reads so only in a large catalogue (here it walks its newest, as before);
    // its own cells read the same way find the same pages.
    expect(await listed(4, 'landscape')).toEqual({ ...newest(4), newestOnly: [] });
    const inTheme = async (candidates: number) => {
      const request = { filter: { near: target, tag: 'landscape' }, limit: 20, candidates, walked: 30 };
      const sample = await repository['listSample'](
        (size) => repository['newestListed']({ tag: 'landscape' }, size),
        30,
        'landscape',
        true,
      );
      const { reach, since, catalogue } = repository['colourWalk'](target, sample, candidates, 30, 'landscape');
      const { page } = await repository['fromNewest'](request, reach, since, catalogue);
      return page && { ids: new Set(page.keys.map((row) => row.itemId)), total: page.total };
    };
    expect(await inTheme(4)).toEqual(newest(4));
    expect(await inTheme(12)).toEqual(newest(12));
    expect(await inTheme(16)).toBeUndefined();
    // A histogram of ten buckets, each of six items: the newest four of two candidates lie within
    // one, so the id that many down the published ids bounds them instead.
    await shop.db.execute(sql`alter table items alter column item_id set statistics 10`);
    await shop.db.execute(sql`analyze items`);
    expect(await listed(2)).toEqual({ ...newest(2), newestOnly: [true] });
    reads.mockRestore();
  });
});

describe('the cells around a colour', () => {
  let shop: TestContext;
  beforeAll(async () => {
    shop = await createTestContext();
  });
  afterAll(() => shop?.close());

  it('hold the published palettes as they are now, whatever their values', async () => {
    const repository = new ItemsRepository(shop.db);
    const target = '#7a5a9a';
    const itemId = '20261114_0000_m0000001';
    await shop.catalogue.insert([
      buildItemRow({ itemId, tags: ['landscape'], ...palette(['#101010', target], 0) }),
      buildItemRow({ itemId: '20261114_0000_m0000002', tags: ['anime'], ...palette([target], 0) }),
    ]);
    // Walked 0: the cells alone find the candidates.
    const found = async (colour = labOfHex(target), tag?: string) =>
      (await repository.nearestPage({ filter: { near: colour, tag }, limit: 10, candidates: 10, walked: 0 })).keys.map(
        (row) => row.itemId,
      );
    expect(await found()).toEqual(['20261114_0000_m0000002', itemId]);
    expect(await found(labOfHex(target), 'landscape')).toEqual([itemId]);
    // A new palette far from it, then near again.
    await shop.catalogue.update(itemId, { media: { palette: ['#10e010'] } });
    expect(await found()).toEqual(['20261114_0000_m0000002']);
    await shop.catalogue.update(itemId, { media: { palette: [target] } });
    expect(await found(labOfHex(target), 'landscape')).toEqual([itemId]);
    // Withdrawn, published again, then deleted.
    await shop.catalogue.update(itemId, { published: false });
    expect(await found()).toEqual(['20261114_0000_m0000002']);
    await shop.catalogue.update(itemId, { published: true });
    expect(await found()).toEqual(['20261114_0000_m0000002', itemId]);
    await shop.catalogue.remove(itemId);
    expect(await found()).toEqual(['20261114_0000_m0000002']);
    // Values no picture gives (a bulk copy's spread palette may): below zero, and far out.
    await shop.db
      .update(items)
      .set({ colours: [-20, 0, 0, 5000, -5000, 5000] })
      .where(eq(items.itemId, '20261114_0000_m0000002'));
    expect(await found({ l: -30, a: 10, b: 0 })).toEqual(['20261114_0000_m0000002']);
    expect(await found({ l: 5010, a: -4990, b: 5000 })).toEqual(['20261114_0000_m0000002']);
    expect(await found()).toEqual([]);
    // A colour with a coordinate missing is no colour, as palette_distance reads it.
    await shop.db
      .update(items)
      .set({ colours: sql`array[null, 0, 0, 50, 0, 0]::real[]` })
      .where(eq(items.itemId, '20261114_0000_m0000002'));
    expect(await found({ l: 50, a: 5, b: 0 })).toEqual(['20261114_0000_m0000002']);
    expect(await found({ l: 0, a: 0, b: 0 })).toEqual([]);
  });

  it("file each colour under its wallpaper's one theme, and find a wallpaper of several under each", async () => {
    const repository = new ItemsRepository(shop.db);
    // Not a swatch, and 43 or more from every colour the other tests here leave.
    const target = '#c08040';
    const both = '20261117_0000_b0000001';
    const anime = '20261117_0000_a0000001';
    const city = '20261117_0000_c0000001';
    const live = '20261117_0000_l0000001';
    await shop.catalogue.insert([
      buildItemRow({ itemId: both, tags: ['landscape', 'anime', 'sky'], ...palette([target, '#101010'], 0) }),
      buildItemRow({ itemId: anime, tags: ['anime', 'sky'], ...palette([target], 0) }),
      buildItemRow({ itemId: city, tags: ['minimalistic'], ...palette([target], 0) }),
      buildItemRow({ itemId: live, tags: ['anime'], photoType: 'live', ...palette([target], 0) }),
    ]);
    const filed = async (itemId: string) =>
      rowsOf<{ theme: string }>(
        await shop.db.execute(sql`select distinct theme from palette_cells where item_id = ${itemId}`),
      ).map((row) => row.theme);
    expect(await filed(both)).toEqual(['']);
    expect(await filed(anime)).toEqual(['anime']);
    // The database's themes are the store's: a wallpaper of a theme the function did not know
    // would be filed under another of its themes, and missing from this one's list.
    for (const { tag } of THEMES) {
      const [row] = rowsOf<{ theme: string }>(
        await shop.db.execute(sql`select palette_theme(array[${tag}, 'sky']::text[]) as theme`),
      );
      expect(row?.theme).toBe(tag);
    }
    // Walked 0: read from the cells, a theme's own and those of no one theme; all as near, newest
    // first. The blocks, of the theme or every one, find the same.
    const found = async (tag: string, photoType?: 'live') => {
      const filter = { near: labOfHex(target), tag, photoType };
      const page = await repository.nearestPage({ filter, limit: 10, candidates: 10, walked: 0 });
      const ids = page.keys.map((row) => row.itemId);
      expect((await fromBlocks(repository, filter, 10)).ids).toEqual(ids);
      return ids;
    };
    expect(await found('landscape')).toEqual([both]);
    expect(await found('anime')).toEqual([live, both, anime]);
    expect(await found('anime', 'live')).toEqual([live]);
    expect(await found('minimalistic')).toEqual([city]);
    expect(await found('sky')).toEqual([both, anime]);
    // Its tags changed: its colours move to its one theme, then to none.
    await shop.catalogue.update(both, { tags: ['minimalistic'] });
    expect(await filed(both)).toEqual(['minimalistic']);
    expect(await found('landscape')).toEqual([]);
    expect(await found('minimalistic')).toEqual([city, both]);
    await shop.catalogue.update(both, { tags: ['sky'] });
    expect(await filed(both)).toEqual(['']);
    expect(await found('minimalistic')).toEqual([city]);
    expect(await found('anime')).toEqual([live, anime]);
    await shop.catalogue.remove(both);
    expect(await filed(both)).toEqual([]);
  });

  it("read a tag's colours under the themes its wallpapers are filed under, as they change", async () => {
    const repository = new ItemsRepository(shop.db);
    // Not a swatch, and out of reach of every colour the other tests here leave (34.9 or more).
    const target = '#20a0a0';
    const inAnime = '20261118_0000_a0000001';
    const inLandscape = '20261118_0000_l0000001';
    const ofNone = '20261118_0000_n0000001';
    const ofSeveral = '20261118_0000_s0000001';
    const draft = '20261118_0000_d0000001';
    await shop.catalogue.insert([
      buildItemRow({ itemId: inAnime, tags: ['anime', 'fog'], ...palette([target], 0) }),
      buildItemRow({ itemId: inLandscape, tags: ['landscape', 'fog'], ...palette([target], 0) }),
      buildItemRow({ itemId: ofNone, tags: ['fog'], ...palette([target], 0) }),
      buildItemRow({ itemId: ofSeveral, tags: ['landscape', 'minimalistic', 'fog'], ...palette([target], 0) }),
      buildItemRow({ itemId: draft, tags: ['minimalistic', 'fog'], published: false, ...palette([target], 0) }),
      // Near it without 'fog', in a theme fog has none of until the draft is published: never listed.
      buildItemRow({ itemId: '20261118_0000_c0000001', tags: ['minimalistic'], ...palette([target], 0) }),
    ]);
    const themes = async () =>
      rowsOf<{ theme: string; items: number }>(
        await shop.db.execute(
          sql`select theme, items from tag_themes where tag = 'fog' and items > 0 order by theme collate "C"`,
        ),
      );
    expect(await themes()).toEqual([
      { theme: '', items: 2 },
      { theme: 'anime', items: 1 },
      { theme: 'landscape', items: 1 },
    ]);
    // From the cells of its themes: walked 0, no sample, so among its postings hashed (the cells
    // hold more matches than a twentieth of its items); the whole list as its sample, walked or
    // its themes' blocks merged, as the sample weighs them. Both the same: all as near, newest first.
    const found = async (tag: string) => {
      const near = labOfHex(target);
      const pages = await Promise.all(
        [0, 1_000_000].map(async (walked) =>
          (await repository.nearestPage({ filter: { near, tag }, limit: 10, candidates: 10, walked })).keys.map(
            (row) => row.itemId,
          ),
        ),
      );
      expect(pages[1]).toEqual(pages[0]);
      // The blocks of its themes, merged newest first, each looked up in the tag: the same.
      const sample = await repository['listSample']((size) => repository['newestListed']({ tag }, size), 0, tag);
      const { themes } = repository['colourWalk'](near, sample, 10, 0, tag);
      expect((await fromBlocks(repository, { near, tag }, 10, themes)).ids).toEqual(pages[0]);
      return pages[0];
    };
    expect(await found('fog')).toEqual([ofSeveral, ofNone, inLandscape, inAnime]);
    expect(await found('no-such-tag')).toEqual([]);
    // Published, it brings its theme; without the tag, or deleted, a wallpaper takes its theme away.
    await shop.catalogue.update(draft, { published: true });
    expect(await found('fog')).toEqual([ofSeveral, ofNone, inLandscape, draft, inAnime]);
    await shop.catalogue.update(inAnime, { tags: ['anime'] });
    await shop.catalogue.update(ofNone, { tags: ['landscape', 'fog'] });
    await shop.catalogue.remove(inLandscape);
    expect(await themes()).toEqual([
      { theme: '', items: 1 },
      { theme: 'landscape', items: 1 },
      { theme: 'minimalistic', items: 1 },
    ]);
    expect(await found('fog')).toEqual([ofSeveral, ofNone, draft]);
    // Every count, of every tag the tests here left, is the published catalogue's as it is now.
    const sorted = (rows: { tag: string; theme: string; items: number }[]) =>
      rows.map(({ tag, theme, items }) => `${tag} ${theme} ${items}`).sort();
    const kept = rowsOf<{ tag: string; theme: string; items: number }>(
      await shop.db.execute(sql`select tag, theme, items from tag_themes where items > 0`),
    );
    const counted = rowsOf<{ tag: string; theme: string; items: number }>(
      await shop.db.execute(sql`select tag, palette_theme(tags) as theme, count(*)::int as items
        from items, unnest(tags) as tag where published group by 1, 2`),
    );
    expect(kept.length).toBeGreaterThan(5);
    expect(sorted(kept)).toEqual(sorted(counted));
  });

  it('keep each of the newest matches whole, with every colour of its palette in reach', async () => {
    const repository = new ItemsRepository(shop.db);
    const target = '#5a7a3a';
    // Three wallpapers, each with five colours near the target, the nearest a different one.
    const near = (shift: number) =>
      ['#5a7a3a', '#627e40', '#54743a', '#5e7236', '#56803e'].map((hex, i) => {
        const value = (Number.parseInt(hex.slice(1), 16) + ((i + shift) % 5) * 0x020202) & 0xffffff;
        return `#${value.toString(16).padStart(6, '0')}`;
      });
    const rows = [0, 1, 2].map((shift) =>
      buildItemRow({ itemId: `20261115_0000_p000000${shift}`, tags: ['anime'], ...palette(near(shift), 0) }),
    );
    // Older wallpapers far from it: counted, the catalogue makes the target common enough for its blocks.
    const far = [0, 1, 2, 3].map((i) =>
      buildItemRow({ itemId: `20261115_0000_f000000${i}`, ...palette(['#e0e0ff'], 0) }),
    );
    await shop.catalogue.insert([...far, ...rows]);
    await shop.db.execute(sql`analyze items`);
    const centre = labOfHex(target);
    const nearest = (row: (typeof rows)[number]) =>
      Math.min(...row.media!.palette!.map((hex) => Math.round(deltaE(labOfHex(hex), centre) * 100) / 100));
    expect(rows.every((row) => row.media!.palette!.every((hex) => deltaE(labOfHex(hex), centre) < 20))).toBe(true);
    // Two candidates: the newest two, each with the nearest of all five of its colours, from the
    // cells (no sample) and from the blocks (a sample of the newest, which is near).
    const newestTwo = rows.slice(1).sort((p, q) => nearest(p) - nearest(q) || (p.itemId < q.itemId ? 1 : -1));
    for (const walked of [0, 50]) {
      const { keys: page, total } = await repository.nearestPage({
        filter: { near: centre },
        limit: 10,
        candidates: 2,
        walked,
      });
      expect(total).toBe(2);
      expect(page.map((row) => [row.itemId, row.distance])).toEqual(newestTwo.map((row) => [row.itemId, nearest(row)]));
    }
  });

  it('match a colour as palette_distance rounds it, to the hundredth', async () => {
    const repository = new ItemsRepository(shop.db);
    // 25.003 rounds to 25.00, a match; 25.007 to 25.01, not one.
    const [within, beyond] = ['20261116_0000_r0000001', '20261116_0000_r0000002'];
    await shop.catalogue.insert([within, beyond].map((itemId) => buildItemRow({ itemId, ...palette(['#000000'], 0) })));
    await shop.db
      .update(items)
      .set({ colours: [45.003, 100, -100] })
      .where(eq(items.itemId, within));
    await shop.db
      .update(items)
      .set({ colours: [45.007, 100, -100] })
      .where(eq(items.itemId, beyond));
    const { keys: page } = await repository.nearestPage({
      filter: { near: { l: 20, a: 100, b: -100 } },
      limit: 10,
      candidates: 10,
      walked: 0,
    });
    expect(page.map((row) => [row.itemId, row.distance])).toEqual([[within, 25]]);
  });
});

describe('a swatch within a tag', () => {
  let shop: TestContext;
  afterAll(() => shop?.close());

  it("ranks the tag's newest matches, of a photo type and OLED dark too, from the tag's postings under the swatch", async () => {
    shop = await createTestContext();
    // Twenty orange wallpapers, each a little further from the swatch than the one before, but
    // every third one teal; every other one live, every fourth mostly dark; one in five 'rare'.
    const orange = labOfHex('#e07b2a');
    const rows = Array.from({ length: 20 }, (_, i) =>
      buildItemRow({
        itemId: `20261112_0000_o${String(i + 1).padStart(7, '0')}`,
        tags: i % 5 ? ['common'] : ['common', 'rare'],
        photoType: i % 2 ? 'live' : 'static',
        ...palette([i % 3 === 2 ? '#2a9187' : `#e0${(0x7b + i).toString(16)}2a`], i % 4 ? 0.1 : 0.8),
      }),
    );
    await shop.catalogue.insert(rows);
    const repository = new ItemsRepository(shop.db);
    const page = { limit: 10, candidates: 4, walked: 0 };
    const listed = async (filter: CatalogueFilter & { near: Lab }, paging: { offset?: number } = {}) => {
      const { keys, total } = await repository.nearestPage({ filter, ...page, ...paging });
      return { ids: keys.map((row) => row.itemId), total };
    };
    // The same candidates found by walking the swatch's index of the items, kept by the tag.
    const walked = async (filter: CatalogueFilter & { near: Lab }) => {
      const { keys, total } = await repository['rankedPage'](page, repository['newestNear'](filter, page.candidates));
      return { ids: keys.map((row) => row.itemId), total };
    };
    const id = (i: number) => rows[i]!.itemId;
    // 'rare' in orange: 0, 10 and 15 (5 is teal), nearest first.
    expect(await listed({ tag: 'rare', near: orange })).toEqual({ ids: [id(0), id(10), id(15)], total: 3 });
    // 'common' in orange: only its newest four candidates (19, 18, 16, 15) are ranked.
    expect(await listed({ tag: 'common', near: orange })).toEqual({ ids: [id(15), id(16), id(18), id(19)], total: 4 });
    for (const filter of [
      { tag: 'common', near: orange },
      { tag: 'common', near: orange, photoType: 'live' },
      { tag: 'common', near: orange, dark: true },
      { tag: 'rare', near: orange, photoType: 'static', dark: true },
      { tag: 'common', near: labOfHex('#2a9187') },
      { tag: 'none', near: orange },
    ] as (CatalogueFilter & { near: Lab })[]) {
      const found = await listed(filter);
      expect(found, JSON.stringify(filter)).toEqual(await walked(filter));
      expect(found.ids.length > 0, JSON.stringify(filter)).toBe(filter.tag !== 'none');
    }
    // A page past the end of a short list is empty.
    expect(await listed({ tag: 'rare', near: orange }, { offset: 5 })).toEqual({ ids: [], total: undefined });

    // Read from the swatch postings' key alone.
    const plan = await shop.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const newest = repository['newestUnderTagNear']({ tag: 'rare', photoType: 'static', dark: true }, 'orange', 4);
      return JSON.stringify(rowsOf(await tx.execute(sql`explain (format json) ${newest}`)));
    });
    expect(plan).toMatch(/"Index Only Scan".*swatch_postings_tag_swatch_item_id_pk/);

    // A rare orange one turning teal, a common one turning rare and a rare one unpublished: the
    // postings follow.
    await repository.update(id(10), palette(['#2a9187'], 0.1));
    await repository.update(id(4), { tags: ['common', 'rare'] });
    await repository.update(id(15), { published: false });
    expect(await listed({ tag: 'rare', near: orange })).toEqual({ ids: [id(0), id(4)], total: 2 });
    expect(await listed({ tag: 'rare', near: labOfHex('#2a9187') })).toEqual(
      await walked({ tag: 'rare', near: labOfHex('#2a9187') }),
    );
    expect((await listed({ tag: 'rare', near: labOfHex('#2a9187') })).ids).toContain(id(10));
  });
});

describe('a search within a swatch or OLED dark', () => {
  let shop: TestContext;
  afterAll(() => shop?.close());

  it("reads the words' postings from the filter's own index of them, to the page the items' own indexes give", async () => {
    shop = await createTestContext();
    // Thirty harbours, a third blue, a third near it, a third red, every other one mostly dark;
    // some by the harbourside, some at dusk; a blue one that is no harbour, and a blue draft.
    const rows = Array.from({ length: 30 }, (_, i) =>
      buildItemRow({
        itemId: `20261114_0000_h${String(i + 1).padStart(7, '0')}`,
        name: `${i % 4 === 1 ? 'Harbourside' : 'Harbour'} ${i % 10 === 5 ? 'dusk' : 'morning'} ${i + 1}`,
        tags: i % 3 ? ['landscape'] : ['landscape', 'harbour'],
        ...palette([['#2f63c0', '#3a6ac8', '#c8323c'][i % 3]!], i % 2 ? 0.7 : 0.1),
      }),
    );
    const others = [
      buildItemRow({ itemId: '20261114_0000_h0000100', name: 'Meadow', ...palette(['#2f63c0'], 0.9) }),
      buildItemRow({
        itemId: '20261114_0000_h0000101',
        name: 'Harbour draft',
        published: false,
        ...palette(['#2f63c0'], 0.9),
      }),
    ];
    await shop.catalogue.insert([...rows, ...others]);
    const repository = new ItemsRepository(shop.db);
    // The items' own indexes, as a search within a swatch or OLED dark read them before decision 082.
    const byItems = new ItemsRepository(shop.db);
    vi.spyOn(byItems as unknown as Record<'keptByShades', () => undefined>, 'keptByShades').mockReturnValue(undefined);
    const posted = vi.spyOn(
      repository as unknown as Record<'postedMatches', (...args: unknown[]) => Promise<unknown>>,
      'postedMatches',
    );
    const page = { limit: 10, offset: 0, candidates: 4, walked: 50 };
    const blue = labOfHex('#2f63c0');
    for (const filter of [{ near: blue }, { dark: true }, { near: blue, dark: true }] as CatalogueFilter[])
      for (const query of ['harbour:*', 'harbourside:*', 'harbour:* & dusk:*']) {
        posted.mockClear();
        const found = await repository.search(query, filter, page);
        const context = JSON.stringify({ filter, query });
        expect(found, context).toEqual(await byItems.search(query, filter, page));
        expect(found.keys.length, context).toBeGreaterThan(0);
        // From the postings, not the items' indexes.
        expect(await posted.mock.results[0]?.value, context).toMatchObject(
          query.includes('&') ? { ids: expect.anything() } : { ranked: expect.anything() },
        );
        // A slip of the keyboard: the near spellings' newest, ranked by how alike.
        const similar = await repository.similar('harbor', filter, page);
        expect(similar, context).toEqual(await byItems.similar('harbor', filter, page));
        expect(similar.length, context).toBeGreaterThan(0);
      }

    // A word's newest postings within a filter are read from the filter's own index of postings:
    // the condition the search writes is the one those indexes were made with.
    const kept = repository as unknown as Record<'keptByShades', (filter: CatalogueFilter) => SQL> &
      Record<'newestPostings', (words: string[], candidates: number, kept?: SQL) => SQL>;
    for (const [filter, index] of [
      [{ near: blue }, /search_postings_blue_idx/],
      [{ dark: true }, /search_postings_dark_idx/],
      [{ near: blue, dark: true }, /search_postings_(blue|dark)_idx/],
    ] as const) {
      const plan = await shop.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const newest = kept.newestPostings(['harbour'], 4, kept.keptByShades(filter));
        return JSON.stringify(rowsOf(await tx.execute(sql`explain (format json) ${newest}`)));
      });
      expect(plan, JSON.stringify(filter)).toMatch(index);
    }

    // A harbour whose palette turns red and light, and a red one turning blue and dark: their
    // postings' shades follow, so each is found within its new colours and no longer its old.
    const [blueDark, redLight] = [rows[3]!, rows[2]!];
    await repository.update(blueDark.itemId, palette(['#c8323c'], 0.1));
    await repository.update(redLight.itemId, palette(['#2f63c0'], 0.9));
    const all = { ...page, limit: 40, candidates: 1_000 };
    for (const filter of [{ near: blue }, { dark: true }, { near: labOfHex('#c8323c') }] as CatalogueFilter[]) {
      const found = await repository.search('harbour:*', filter, all);
      expect(found, JSON.stringify(filter)).toEqual(await byItems.search('harbour:*', filter, all));
      const ids = found.keys.map((key) => key.itemId);
      expect(ids.includes(blueDark.itemId), JSON.stringify(filter)).toBe(filter.near?.a === labOfHex('#c8323c').a);
      expect(ids.includes(redLight.itemId), JSON.stringify(filter)).toBe(filter.near?.a !== labOfHex('#c8323c').a);
    }
  });
});

describe("search and swatch postings' shades", () => {
  let shop: TestContext;
  afterAll(() => shop?.close());

  it('mark each swatch the palette is near and OLED dark, as the swatches and dark filters keep items', async () => {
    shop = await createTestContext();
    // Palettes of every swatch, a step off each, of two swatches at once, and one without a palette.
    const hexes = SWATCHES.flatMap((swatch, i) => [
      [swatch.hex],
      [swatch.hex.replace(/[0-9a-f]{2}$/, '00')],
      [swatch.hex, SWATCHES[(i + 3) % SWATCHES.length]!.hex],
    ]);
    const rows = hexes.map((colours, i) =>
      buildItemRow({
        itemId: `20261130_0000_s${String(i + 1).padStart(7, '0')}`,
        name: `Shade ${i + 1}`,
        ...palette(colours, (i % 5) / 4),
      }),
    );
    const bare = buildItemRow({ itemId: '20261130_0000_s0000100', name: 'Shade bare' });
    await shop.catalogue.insert([...rows, bare]);
    const kept = async (condition: ReturnType<typeof sql>) =>
      rowsOf<{ item_id: string }>(
        await shop.db.execute(sql`select item_id from items where published and ${condition} order by item_id`),
      ).map((row) => row.item_id);
    // The search postings of their word by their shades, and the swatch postings of their tag.
    const listed = async (query: SQL) =>
      rowsOf<{ item_id: string }>(await shop.db.execute(sql`${query} order by item_id`)).map((row) => row.item_id);
    const shaded = (shade: number) =>
      listed(sql`select item_id from search_postings where word = 'shade' and shades & ${shade}::smallint <> 0`);
    const nearAny = new Set<string>();
    for (const swatch of SWATCHES) {
      const near = await kept(nearColour(items.colours, labOfHex(swatch.hex)));
      expect(near.length, swatch.name).toBeGreaterThan(0);
      near.forEach((id) => nearAny.add(id));
      expect(await shaded(swatchShade(swatch.name)), swatch.name).toEqual(near);
      expect(
        await listed(sql`select item_id from swatch_postings where tag = 'landscape' and swatch = ${swatch.name}`),
        swatch.name,
      ).toEqual(near);
    }
    const dark = await kept(sql`(media ->> 'darkShare')::real >= ${OLED_DARK_SHARE}`);
    expect(dark.length).toBeGreaterThan(0);
    expect(await shaded(DARK_SHADE)).toEqual(dark);
    expect(await listed(sql`select distinct item_id from swatch_postings where tag = 'landscape' and dark`)).toEqual(
      dark.filter((id) => nearAny.has(id)),
    );
  });
});

describe("a list's sample", () => {
  let shop: TestContext;
  afterAll(() => shop?.close());

  it('is read once for every colour not a swatch asked of the list, and again once the catalogue changes', async () => {
    shop = await createTestContext();
    const near = (id: number, hex: string, tags = ['landscape']) =>
      buildItemRow({ itemId: `20261201_0000_k${String(id).padStart(7, '0')}`, tags, ...palette([hex], 0) });
    await shop.catalogue.insert([near(1, '#3a6ac8'), near(2, '#2a4f9a'), near(3, '#3a6ac8', ['anime'])]);
    const samples = vi.spyOn(
      shop.catalogue['items'] as unknown as Record<'listSample', ItemsRepository['listSample']>,
      'listSample',
    );
    const listed = async (url: string) => {
      const response = await shop.app.inject({ url });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Item[]>().map((item) => item.itemId.slice(-1));
    };
    // Two colours of the home list (neither a swatch), then one of landscape's: two samples.
    for (const hex of ['#3a6ac8', '#2a4f9a']) expect(SWATCHES.map((swatch) => swatch.hex)).not.toContain(hex);
    expect(await listed('/api/items?color=3a6ac8')).toEqual(['3', '1', '2']);
    expect(await listed('/api/items?color=2a4f9a')).toEqual(['2', '3', '1']);
    expect(await listed('/api/items/tag/landscape?color=3a6ac8')).toEqual(['1', '2']);
    expect(samples).toHaveBeenCalledTimes(2);
    // A wallpaper published since is found, its list's sample read again.
    await shop.catalogue.insert([near(4, '#3a6ac8')]);
    expect(await listed('/api/items?color=3a6ac8')).toEqual(['4', '3', '1', '2']);
    expect(samples).toHaveBeenCalledTimes(3);
    samples.mockRestore();
  });
});
