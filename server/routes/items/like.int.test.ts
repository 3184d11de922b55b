import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '#contract/item.ts';
import { buildItemRow } from '../../test/builders.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const source = buildItemRow({ itemId: '20261105_0000_1a000001', tags: ['landscape', 'mountains', 'dawn'] });
const rows = [
  source,
  buildItemRow({ itemId: '20261105_0000_1a000002', tags: ['landscape'] }),
  buildItemRow({ itemId: '20261105_0000_1a000003', tags: ['landscape', 'mountains', 'dawn'] }),
  buildItemRow({ itemId: '20261105_0000_1a000004', tags: ['mountains', 'dawn'] }),
  buildItemRow({ itemId: '20261105_0000_1a000005', tags: ['anime'] }),
  buildItemRow({ itemId: '20261105_0000_1a000006', tags: ['landscape', 'mountains', 'dawn'], published: false }),
  buildItemRow({ itemId: '20261105_0000_1a000007', tags: ['dawn'] }),
];

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.catalogue.insert(rows);
});
afterAll(() => ctx.close());

describe("'More like this'", () => {
  it('lists published wallpapers by how many tags they share, then newest, without the item itself', async () => {
    const response = await ctx.app.inject({ url: `/api/items/${source.itemId}/like` });
    expect(response.statusCode).toBe(200);
    expect(response.json<Item[]>().map((item) => item.itemId)).toEqual([
      '20261105_0000_1a000003',
      '20261105_0000_1a000004',
      '20261105_0000_1a000007',
      '20261105_0000_1a000002',
    ]);
    const two = await ctx.app.inject({ url: `/api/items/${source.itemId}/like?limit=2` });
    expect(two.json<Item[]>()).toHaveLength(2);
  });

  it('answers 404 for an unknown or unpublished item and 400 for a bad limit', async () => {
    expect((await ctx.app.inject({ url: '/api/items/20200101_0000_00000000/like' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/items/20261105_0000_1a000006/like' })).statusCode).toBe(404);
    const tooMany = await ctx.app.inject({ url: `/api/items/${source.itemId}/like?limit=99` });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/limit must be 1 to 24/);
  });
});
