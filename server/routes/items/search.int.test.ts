import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Item } from '#contract/item.ts';
import { rowsOf } from '../../db/repositories/raw-rows.ts';
import { buildItemRow } from '../../test/builders.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const PEAKS = [
  'Dawn',
  'Dusk',
  'Alpine',
  'Glacier',
  'Ridge',
  'Summit',
  'Valley',
  'Snow',
  'Mist',
  'Stone',
  'Storm',
  'Pine',
  'Blue',
];
const mountains = PEAKS.map((word, i) =>
  buildItemRow({ name: `${word} Peaks`, tags: ['landscape', i % 2 ? 'mountains' : 'mountain'] }),
);
const blossoms = ['Pink', 'White', 'Evening'].map((word) => buildItemRow({ name: `${word} Sakura`, tags: ['anime'] }));

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.catalogue.insert([...mountains, ...blossoms, buildItemRow({ name: 'Neon City', tags: ['minimalistic'] })]);
});
afterAll(() => ctx.close());

const search = (q: string) => ctx.app.inject({ url: `/api/items/search?q=${encodeURIComponent(q)}&limit=60` });

describe('a number in a search', () => {
  it('finds the wallpaper of that number, not those whose numbers start with it, while its words stay prefixes', async () => {
    const harbours = [2, 20, 12].map((n) => buildItemRow({ name: `Harbour Lights ${n}`, tags: ['landscape'] }));
    await ctx.catalogue.insert(harbours);
    const names = async (q: string) =>
      (await search(q))
        .json<Item[]>()
        .map((item) => item.name)
        .sort();
    expect(await names('harbour 2')).toEqual(['Harbour Lights 2']);
    expect(await names('harb lig 20')).toEqual(['Harbour Lights 20']);
    expect(await names('harbour lights')).toEqual(['Harbour Lights 12', 'Harbour Lights 2', 'Harbour Lights 20']);
  });
});

describe('search with a slip of the keyboard', () => {
  it('answers for the words meant, ranked as a search for them, and says which words those were', async () => {
    for (const [typed, meant, expected] of [
      ['moutains', 'mountains', mountains.filter((_, i) => i % 2)],
      ['mountian', 'mountain', mountains],
      ['montains', 'mountains', mountains.filter((_, i) => i % 2)],
      ['sakrua', 'sakura', blossoms],
      ['white sakrua', 'white sakura', blossoms.slice(1, 2)],
    ] as const) {
      const response = await search(typed);
      expect(response.statusCode, typed).toBe(200);
      expect(decodeURIComponent(String(response.headers['x-search-suggestion'])), typed).toBe(meant);
      expect(
        response
          .json<Item[]>()
          .map((item) => item.itemId)
          .sort(),
        typed,
      ).toEqual(expected.map((row) => row.itemId).sort());
      expect(response.headers['x-total-count'], typed).toBe(String(expected.length));
    }
  });

  it('puts right the commonest slips in short words: two letters swapped, one missed, doubled or mistyped', async () => {
    // Such a slip leaves a short word few trigrams in common with the one meant ('vlaley' and
    // 'valley' share 3 of their 7), so trigrams alone found nothing for them.
    for (const [typed, meant] of [
      ['vlaley', 'valley'],
      ['sotrm', 'storm'],
      ['dwan', 'dawn'],
      ['pnie', 'pine'],
      ['rigde', 'ridge'],
      ['valey', 'valley'],
      ['stoorm', 'storm'],
      ['stprm', 'storm'],
      ['noen city', 'neon city'],
    ] as const) {
      const response = await search(typed);
      expect(decodeURIComponent(String(response.headers['x-search-suggestion'])), typed).toBe(meant);
      const names = response.json<Item[]>().map((item) => item.name.toLowerCase());
      expect(names.length, typed).toBeGreaterThan(0);
      for (const name of names) for (const word of meant.split(' ')) expect(name, typed).toContain(word);
    }
  });

  it('suggests nothing when the words were found, or nothing like them exists', async () => {
    const found = await search('mountain');
    expect(found.json<Item[]>()).toHaveLength(mountains.length);
    expect(found.headers['x-search-suggestion']).toBeUndefined();
    const nothing = await search('xylophone');
    expect(nothing.json()).toEqual([]);
    expect(nothing.headers['x-search-suggestion']).toBeUndefined();
  });

  it("learns a wallpaper's words when it is published, never a draft's", async () => {
    const draft = buildItemRow({ name: 'Zephyrine Lagoon', tags: ['landscape'], published: false });
    await ctx.catalogue.insert([draft]);
    const typed = await search('zephyrin lagon');
    expect(typed.json()).toEqual([]);
    expect(typed.headers['x-search-suggestion']).toBeUndefined();

    await ctx.catalogue.update(draft.itemId, { published: true });
    const found = await search('zephyrin lagon');
    expect(decodeURIComponent(String(found.headers['x-search-suggestion']))).toBe('zephyrine lagoon');
    expect(found.json<Item[]>().map((item) => item.itemId)).toEqual([draft.itemId]);
  });
});

describe("a search's words as wallpapers change", () => {
  const ids = async (q: string) =>
    (await search(q))
      .json<Item[]>()
      .map((item) => item.itemId)
      .sort();

  it('finds a wallpaper by its new name once renamed, never by its old one, and not while unpublished or once deleted', async () => {
    const row = buildItemRow({ name: 'Quillfeather Bay', tags: ['landscape', 'golden-hour'] });
    await ctx.catalogue.insert([row]);
    expect(await ids('quillfeather')).toEqual([row.itemId]);

    await ctx.catalogue.update(row.itemId, { name: 'Tidewater Bay' });
    expect(await ids('quillfeather')).toEqual([]);
    expect(await ids('tidewat')).toEqual([row.itemId]);

    await ctx.catalogue.update(row.itemId, { published: false });
    expect(await ids('tidewater')).toEqual([]);
    await ctx.catalogue.update(row.itemId, { published: true });
    expect(await ids('tidewater bay')).toEqual([row.itemId]);

    await ctx.catalogue.remove(row.itemId);
    expect(await ids('tidewater')).toEqual([]);
  });

  it('finds exactly the published wallpapers holding every word, however common or rare each word is', async () => {
    // 'Lumena 1'…'Lumenx 24' and 'Lumen 25'…'Lumen 45' (more words than a prefix is looked up
    // by), a tag held whole with its hyphen, and drafts that must never be found.
    const rows = Array.from({ length: 45 }, (_, i) =>
      buildItemRow({
        name: i < 24 ? `Lumen${'abcdefghijklmnopqrstuvwx'[i]} ${i + 1}` : `Lumen ${i + 1}`,
        tags: [i % 3 ? 'landscape' : 'anime', ...(i % 5 ? [] : ['golden-hour'])],
        published: i % 9 !== 4,
      }),
    );
    await ctx.catalogue.insert(rows);
    for (const q of [
      'lumen',
      'lume',
      'lumen 7',
      'lumenc',
      'lumen anime',
      'lum anim gold',
      'gold',
      'anime 7',
      'gold anime',
      '5',
    ]) {
      const words = q.split(' ');
      const expected = rows
        .filter((row) => row.published)
        .filter((row) => {
          const held = [...row.name.toLowerCase().split(' '), ...(row.tags ?? [])];
          return words.every((word) => held.some((w) => (/^\d+$/.test(word) ? w === word : w.startsWith(word))));
        })
        .map((row) => row.itemId)
        .sort();
      expect(await ids(q), q).toEqual(expected);
    }
  });

  it("ranks one word's matches as PostgreSQL's full-text rank does: in the name above a tag, twice above once", async () => {
    const rows = [
      buildItemRow({ name: 'Ember Ember Glow', tags: ['landscape'] }),
      buildItemRow({ name: 'Ember Field', tags: ['ember'] }),
      buildItemRow({ name: 'Quiet Field', tags: ['ember', "o'clock"] }),
      buildItemRow({ name: 'Embers Emberly', tags: ['anime'] }),
      buildItemRow({ name: 'Night Ember', tags: ['back\\slash', 'night sky', 'ember glow'] }),
      buildItemRow({ name: 'Ember', tags: [] }),
      buildItemRow({ name: 'Ember Draft', tags: ['ember'], published: false }),
    ];
    await ctx.catalogue.insert(rows);
    await ctx.catalogue.update(rows[1]!.itemId, { name: 'Ember Field Ember' });
    for (const q of ['ember', 'embe', 'embers', 'glow', 'o', 'back', 'night']) {
      const ranked = rowsOf<{ item_id: string }>(
        await ctx.db.execute(sql`select item_id from items, to_tsquery('simple', ${`${q}:*`}) as query
          where published and search @@ query order by ts_rank(search, query) desc, item_id desc`),
      ).map((row) => row.item_id);
      const found = (await search(q)).json<Item[]>().map((item) => item.itemId);
      expect(found, q).toEqual(ranked);
    }
    // The order the names promise, not only the one the database computes.
    const ember = (await search('ember')).json<Item[]>().map((item) => item.name);
    expect(ember.indexOf('Ember Field Ember')).toBeLessThan(ember.indexOf('Ember'));
    expect(ember.indexOf('Ember')).toBeLessThan(ember.indexOf('Quiet Field'));
  });
});
