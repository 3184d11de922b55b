import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { labOfHex, OLED_DARK_SHARE, SWATCHES, toHex } from '#contract/colour.ts';
import { THEMES } from '#contract/constants.ts';
import { timestampId } from '#contract/ids.ts';
import type { ItemListQuery } from '#contract/item.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { ItemsRepository } from '../db/repositories/items.repository.ts';
import type { ColourIndexKeeper } from '../services/catalogue/colour-index-keeper.ts';
import { loadConfig } from '../shared/config.ts';
import { createLogger } from '../shared/logger.ts';
import { buildItemRow } from '../test/builders.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { openColourIndex } from './colour-index-server.ts';
import { openRuntime, type Runtime } from './runtime.ts';
import type { PreparedAnswer } from '../shared/prepared-answer.ts';

/** A seeded random number generator, so a failure can be run again. */
function randomOf(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}
const random = randomOf(11);
const channel = (around: number, spread: number) => Math.max(0, Math.min(255, around + (random() - 0.5) * spread));
const anyColour = () => toHex(channel(128, 256), channel(128, 256), channel(128, 256));
/** Every palette holds a colour near this one, so its list has more matches than it ranks. */
const COMMON = '#3a7bd5';
const nearCommon = () => toHex(channel(58, 30), channel(123, 30), channel(213, 30));

const THEME_TAGS = ['anime', 'landscape', 'minimalistic'];
let made = 0;
/** An item with a palette, zero, one or several themes, a photo type and a darkness, `minutes` after 2025 began. */
const wallpaper = (minutes = made++) =>
  buildItemRow({
    itemId: timestampId(new Date(Date.UTC(2025, 0, 1) + minutes * 60_000)),
    tags: [...THEME_TAGS.filter(() => random() < 0.4), 'fog', ...(random() < 0.3 ? ['sea'] : [])],
    photoType: random() < 0.3 ? 'live' : 'static',
    media: {
      placeholder: '',
      thumbnails: [],
      palette: [nearCommon(), ...Array.from({ length: Math.floor(random() * 4) }, anyColour)],
      darkShare: random() < 0.3 ? OLED_DARK_SHARE : 0.2,
    },
  });

/** Colours picked freely, the common one first, and a swatch. */
const COLOURS = [COMMON, ...Array.from({ length: 6 }, anyColour), SWATCHES[5]!.hex].map((hex) => hex.slice(1));

/** Each list a colour narrows: the whole catalogue's, each theme's, a tag's, a photo type's, OLED dark's. */
const LISTS: [string, (runtime: Runtime, query: ItemListQuery) => Promise<PreparedAnswer>][] = [
  ['everything', (runtime, query) => runtime.catalogue.listJson(query)],
  ...THEME_TAGS.map((tag): (typeof LISTS)[number] => [
    tag,
    (runtime, query) => runtime.catalogue.byTagJson(tag, query),
  ]),
  ['sea', (runtime, query) => runtime.catalogue.byTagJson('sea', query)],
  ['live landscape', (runtime, query) => runtime.catalogue.byTagJson('landscape', { ...query, photoType: 'live' })],
  ['live', (runtime, query) => runtime.catalogue.listJson({ ...query, photoType: 'live' })],
  ['OLED dark', (runtime, query) => runtime.catalogue.listJson({ ...query, dark: true })],
];

// The index reads a PostgreSQL server, and answers any number of API processes on it.
describe('the colour index beside an API process', () => {
  let testDatabase: DatabaseHandle & { url?: string };
  let indexDatabase: DatabaseHandle;
  let keeper: ColourIndexKeeper;
  let index: Awaited<ReturnType<typeof openColourIndex>>;
  const dataDirs: string[] = [];
  /** The API process as it is without an index, and one asking the index. */
  let plain: Runtime;
  let indexed: Runtime;
  let asked: MockInstance<ColourIndexKeeper['page']>;

  const open = (env: Record<string, string> = {}) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-colour-index-'));
    dataDirs.push(dataDir);
    const config = loadConfig({
      DATABASE_URL: testDatabase.url!,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      ...env,
    });
    return openRuntime(config, createLogger(config));
  };

  /** A list's answer from each process: the same query, so never one the other kept. */
  const both = async (list: (runtime: Runtime) => Promise<{ plain: Buffer; total?: number | undefined }>) => {
    const [expected, found] = await Promise.all([list(plain), list(indexed)]);
    return {
      expected: JSON.parse(expected.plain.toString()),
      found: JSON.parse(found.plain.toString()),
      total: found.total,
      wanted: expected.total,
    };
  };
  let pageSize = 20;
  /** Every colour's first page, a page by offset and the page after the first by cursor, of every list. */
  const expectSameLists = async () => {
    pageSize++;
    for (const color of COLOURS)
      for (const [name, answer] of LISTS) {
        const query = (extra: Partial<ItemListQuery> = {}): ItemListQuery => ({
          limit: pageSize,
          offset: 0,
          sort: 'newest',
          color,
          ...extra,
        });
        const list = (extra?: Partial<ItemListQuery>) => (runtime: Runtime) => answer(runtime, query(extra));
        const first = await both(list());
        expect(first.found, `${color} ${name}`).toEqual(first.expected);
        expect(first.total).toBe(first.wanted);
        const deep = await both(list({ offset: 5 * pageSize }));
        expect(deep.found).toEqual(deep.expected);
        const cursor = (await list()(plain)).next;
        if (cursor) {
          const next = await both(list({ cursor }));
          expect(next.found).toEqual(next.expected);
        }
      }
  };

  beforeAll(async () => {
    testDatabase = await openTestDatabase();
    plain = await open();
    const rows = Array.from({ length: 1300 }, () => wallpaper());
    for (let from = 0; from < rows.length; from += 250) await plain.catalogue.insert(rows.slice(from, from + 250));
    indexDatabase = await openDatabase({ databaseUrl: testDatabase.url! });
    index = await openColourIndex(indexDatabase, createLogger(loadConfig({ LOG_LEVEL: 'silent' })), {
      port: 0,
      host: '127.0.0.1',
    });
    await index.loaded;
    keeper = index.keeper;
    asked = vi.spyOn(keeper, 'page');
    indexed = await open({ COLOUR_INDEX_URL: index.url });
  });
  afterAll(async () => {
    await plain?.close();
    await indexed?.close();
    await index?.close();
    await indexDatabase?.close();
    await testDatabase?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("answers a colour's pages as the database does, on every list, a swatch's too", async () => {
    const { total } = await plain.catalogue.listJson({ limit: 10, offset: 0, sort: 'newest', color: COMMON.slice(1) });
    // More matches than are ranked: the index stops at the same newest 1,000.
    expect(total).toBe(1000);
    await expectSameLists();
    // One ask per page the indexed process built.
    expect(asked.mock.calls.length).toBeGreaterThanOrEqual(COLOURS.length * LISTS.length * 2);
    // Each says where its making went (Server-Timing): the index's page and its rows, or the database's keys.
    const query: ItemListQuery = { limit: 17, offset: 0, sort: 'newest', color: COLOURS[1]! };
    const [fromDatabase, fromIndex] = await Promise.all(
      [plain, indexed].map((runtime) => runtime.catalogue.listJson(query)),
    );
    expect([...fromIndex!.timings!.keys()]).toEqual(expect.arrayContaining(['index', 'rows', 'make']));
    expect([...fromDatabase!.timings!.keys()]).toEqual(expect.arrayContaining(['keys', 'make']));
    expect(fromDatabase!.timings!.has('index')).toBe(false);
    // A page far past the end, as a client may ask, is the index's too, and the next one as well.
    const far = await both((runtime) =>
      runtime.catalogue.listJson({ limit: 10, offset: 500_000, sort: 'newest', color: COLOURS[1] }),
    );
    expect([far.found, far.total]).toEqual([[], far.wanted]);
    const asks = asked.mock.calls.length;
    await both((runtime) => runtime.catalogue.listJson({ limit: 11, offset: 0, sort: 'newest', color: COLOURS[1] }));
    expect(asked.mock.calls.length).toBe(asks + 1);
  });

  it('keeps up with wallpapers published, changed and taken down by any process', async () => {
    const newest = wallpaper(10_000_000);
    // Older than most: placed among the items the index holds.
    const older = wallpaper(5);
    await plain.catalogue.insert([newest, older]);
    const [first, second, third] = (await plain.catalogue.newestRows(3)).map((row) => row.itemId);
    await plain.catalogue.update(second!, { published: false });
    await plain.catalogue.update(third!, { tags: ['anime', 'fog'], media: { palette: [COMMON, '#ffffff'] } });
    // Only its tags, photo type and darkness: its palette's colours are not written again.
    const [fourth] = (await plain.catalogue.newestRows(4)).map((row) => row.itemId).slice(3);
    await plain.catalogue.update(fourth!, { tags: ['sea'], photoType: 'live', media: { darkShare: 0.9 } });
    expect(first).toBe(newest.itemId);
    // The index hears of each write on a connection of its own.
    await vi.waitFor(
      async () => {
        const page = keeper.page({ near: labOfHex(COMMON), candidates: 5000, limit: 5000 })!;
        const ids = page.items.map((item) => item.itemId);
        expect([ids.includes(newest.itemId), ids.includes(older.itemId), ids.includes(second!)]).toEqual([
          true,
          true,
          false,
        ]);
        expect(page.items.find((item) => item.itemId === third)?.distance).toBe(0);
        const sea = keeper.page({
          near: labOfHex(COMMON),
          filter: { tag: 'sea', photoType: 'live', dark: true },
          candidates: 5000,
          limit: 5000,
        })!;
        expect(sea.items.map((item) => item.itemId)).toContain(fourth);
      },
      { timeout: 5000 },
    );
    await vi.waitFor(() => expect(keeper.behind).toBe(false));
    await expectSameLists();
  });

  it('refuses a request it cannot read with a message, and says whether it has read every palette', async () => {
    const refused = await fetch(`${index.url}/near?l=light&a=0&b=0&candidates=10&limit=10`);
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([
      400,
      expect.stringMatching(/number/),
    ]);
    expect((await fetch(`${index.url}/near?l=1&a=0&b=0&candidates=10&limit=10&photoType=gif`)).status).toBe(400);
    expect((await fetch(`${index.url}/elsewhere`)).status).toBe(404);
    expect((await fetch(`${index.url}/near`, { method: 'POST' })).status).toBe(405);
    expect(await (await fetch(`${index.url}/health`)).json()).toEqual({ ready: true, colours: expect.any(Number) });
  });

  it("runs a page of each swatch through the index as a process starts, the whole catalogue's and a theme's", async () => {
    const before = asked.mock.calls.length;
    await indexed.catalogue.warmColourPages();
    const swatches = asked.mock.calls.slice(before).map(([request]) => [request.near, request.filter?.tag]);
    expect(swatches).toEqual(
      SWATCHES.flatMap(({ hex }) => [
        [labOfHex(hex), undefined],
        [labOfHex(hex), THEMES[0].tag],
      ]),
    );
  });

  it('leaves the pages to the database while the index does not answer', async () => {
    await index.close();
    const before = asked.mock.calls.length;
    // A process starting then reads no colour on the database before a visitor asks.
    const readOnDatabase = vi.spyOn(ItemsRepository.prototype, 'nearestPage');
    await indexed.catalogue.warmColourPages();
    expect(readOnDatabase).not.toHaveBeenCalled();
    await expectSameLists();
    expect(readOnDatabase).toHaveBeenCalled();
    readOnDatabase.mockRestore();
    expect(asked.mock.calls.length).toBe(before);
  });
});
