import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labOfHex } from '#contract/colour.ts';
import type { Item } from '#contract/item.ts';
import { ItemsRepository } from '../../db/repositories/items.repository.ts';
import { ColourIndex } from './colour-index.ts';
import { buildItemRow } from '../../test/builders.ts';
import { catalogueOver, createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const seeded = Array.from({ length: 5 }, (_, i) =>
  buildItemRow({
    name: `Kept Shore ${i}`,
    tags: ['landscape', 'kept'],
    media: { placeholder: '', thumbnails: [], palette: ['#336699'] },
  }),
);
const newestFirst = seeded.map((row) => row.itemId).toReversed();

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.catalogue.insert(seeded);
});
afterAll(() => ctx.close());

/** The seeded items held by a colour index in this process, as `npm run colour-index` holds them. */
function seededColourIndex() {
  const index = new ColourIndex();
  index.addItems(seeded.map(({ itemId, tags = [] }) => ({ itemId, tags, live: false, dark: false })));
  index.addColours(seeded.map(({ itemId }) => ({ itemId, theme: 'landscape', ...labOfHex('#336699') })));
  index.settle();
  return { page: async (request: Parameters<ColourIndex['page']>[0]) => ({ ...index.page(request), behind: false }) };
}

/** A catalogue with its caches, and the ids whose rows it has read by id, call by call. */
function watchedCatalogue(colourIndex?: ReturnType<typeof seededColourIndex>) {
  const readById: string[][] = [];
  class Watched extends ItemsRepository {
    override byIds(itemIds: string[]) {
      readById.push([...itemIds].sort());
      return super.byIds(itemIds);
    }
  }
  return { catalogue: catalogueOver(ctx, new Watched(ctx.db), 1024 * 1024, colourIndex), readById };
}

const itemsOf = (answer: { plain: Buffer }) => JSON.parse(answer.plain.toString()) as Item[];
const sorted = (ids: string[]) => [...ids].sort();

describe("the items' JSON kept across lists and catalogue versions (decision 076)", () => {
  it('reads the rows only of the items it has not shown since they last changed', async () => {
    const { catalogue, readById } = watchedCatalogue();
    const first = itemsOf(await catalogue.byTagJson('kept', { limit: 5, offset: 0, sort: 'newest' }));
    expect(first.map((item) => item.itemId)).toEqual(newestFirst);
    expect(readById).toEqual([sorted(newestFirst)]);

    // Other lists of the same items, never asked before: their keys from the database, their JSON as kept.
    const fewer = itemsOf(await catalogue.byTagJson('kept', { limit: 3, offset: 0, sort: 'oldest' }));
    expect(fewer).toEqual(first.toReversed().slice(0, 3));
    expect(itemsOf(await catalogue.searchJson('kept', { limit: 4, offset: 0 }))).toHaveLength(4);
    expect(itemsOf(await catalogue.searchJson('kpet', { limit: 5, offset: 0 }))).toHaveLength(5);
    expect(readById).toHaveLength(1);

    // A change of one item: the next list reads that row alone and shows it as it is now.
    const changed = newestFirst[2]!;
    await catalogue.update(changed, { name: 'Renamed Shore' });
    const after = itemsOf(await catalogue.byTagJson('kept', { limit: 5, offset: 0, sort: 'newest' }));
    expect(readById.at(-1)).toEqual([changed]);
    expect(after.find((item) => item.itemId === changed)).toMatchObject({ name: 'Renamed Shore', version: 2 });
    expect(after.filter((item) => item.itemId !== changed)).toEqual(first.filter((item) => item.itemId !== changed));
  });

  it("keeps each audience's JSON apart: the old clients' carries the palette among the tags", async () => {
    const { catalogue, readById } = watchedCatalogue();
    const web = itemsOf(await catalogue.byTagJson('kept', { limit: 5, offset: 0, sort: 'newest' }));
    const old = itemsOf(await catalogue.byPhotoTypeJson('static', { limit: 5, offset: 0, sort: 'newest' }));
    expect(readById).toHaveLength(2);
    expect(web.every((item) => !item.tags.includes('#336699'))).toBe(true);
    expect(old.filter((item) => item.tags.includes('kept')).every((item) => item.tags.includes('#336699'))).toBe(true);
  });

  it("writes a colour index's page from the one read of its items, their rows not read again", async () => {
    const { catalogue, readById } = watchedCatalogue(seededColourIndex());
    const query = { limit: 5, offset: 0, sort: 'newest' as const, color: '336699' };
    const fromIndex = await catalogue.byTagJson('kept', query);
    expect(readById).toEqual([]);
    // The same page as the database ranks it, its rows read by id.
    const { catalogue: onDatabase, readById: readOnDatabase } = watchedCatalogue();
    const fromDatabase = await onDatabase.byTagJson('kept', query);
    expect(readOnDatabase).toEqual([sorted(newestFirst)]);
    expect(itemsOf(fromIndex).map((item) => item.itemId)).toEqual(newestFirst);
    expect(fromIndex.plain.equals(fromDatabase.plain)).toBe(true);
  });

  it('leaves out an item deleted since its key was read', async () => {
    const { catalogue } = watchedCatalogue();
    const gone = buildItemRow({ tags: ['kept-gone'] });
    await ctx.catalogue.insert([gone, buildItemRow({ tags: ['kept-gone'] })]);
    const keys = await new ItemsRepository(ctx.db).page({ filter: { tag: 'kept-gone' }, sort: 'newest', limit: 2 });
    await ctx.catalogue.remove(gone.itemId);
    const written = await catalogue['itemJsonCache'].jsonOf(keys, 'web');
    expect(written.map(({ key }) => key.itemId)).toEqual(
      keys.map((key) => key.itemId).filter((id) => id !== gone.itemId),
    );
  });
});
