import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '#contract/item.ts';
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
