import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '#contract/item.ts';
import { buildItemRow } from '../../test/builders.ts';
import { createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const [first, second, draft] = [
  buildItemRow({ itemId: '20261103_0000_fe000001', name: 'First Heart' }),
  buildItemRow({ itemId: '20261103_0000_fe000002', name: 'Second Heart' }),
  buildItemRow({ itemId: '20261103_0000_fe000003', published: false }),
];

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.catalogue.insert([first!, second!, draft!]);
});
afterAll(() => ctx.close());

const favouritesOf = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ url: '/api/users/me/favourites', headers })).json<Item[]>().map((item) => item.itemId);

describe('favourites', () => {
  it("take a visitor's hearts at sign-in, once each, leaving out what is not on sale", async () => {
    const shopper = await createShopper(ctx);
    expect(await favouritesOf(shopper.headers)).toEqual([]);
    const merged = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/me/favourites',
      headers: shopper.headers,
      payload: { itemIds: [first!.itemId, draft!.itemId, '20200101_0000_00000000', first!.itemId] },
    });
    expect(merged.statusCode).toBe(204);
    // A second browser's hearts join the first's.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/users/me/favourites',
      headers: shopper.headers,
      payload: { itemIds: [second!.itemId, first!.itemId] },
    });
    expect((await favouritesOf(shopper.headers)).sort()).toEqual([first!.itemId, second!.itemId]);
    const listed = (await ctx.app.inject({ url: '/api/users/me/favourites', headers: shopper.headers })).json<Item[]>();
    expect(listed.map((item) => item.name).sort()).toEqual(['First Heart', 'Second Heart']);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/me/favourites/${first!.itemId}`,
      headers: shopper.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await favouritesOf(shopper.headers)).toEqual([second!.itemId]);
    // Another account's hearts are its own.
    expect(await favouritesOf((await createShopper(ctx, 'Grace')).headers)).toEqual([]);
  });

  it('belong to a signed-in user and refuse malformed lists', async () => {
    expect((await ctx.app.inject({ url: '/api/users/me/favourites' })).statusCode).toBe(401);
    const shopper = await createShopper(ctx);
    for (const itemIds of [[], ['../etc'], Array.from({ length: 501 }, (_, i) => `item${i}`)]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/me/favourites',
        headers: shopper.headers,
        payload: { itemIds },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/itemId/);
    }
  });
});
