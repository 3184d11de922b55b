import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ITEMS_COUNTED, type AdminItemsPage } from '#contract/admin.ts';
import { buildItemRow } from '../../test/builders.ts';
import { buyWithTestWallet, createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let admin: Record<string, string>;

// Newest first by itemId: the ids put them in this order.
const rows = [
  buildItemRow({ itemId: '20261120_0900_00000005', name: 'Neon 100% Rain', tags: ['minimalistic'] }),
  buildItemRow({ itemId: '20261120_0900_00000004', name: 'Quiet Draft', published: false, tags: ['landscape'] }),
  buildItemRow({
    itemId: '20261120_0900_00000003',
    name: 'Free Dunes',
    freeDownload: true,
    priceCents: 0,
    tags: ['minimalistic'],
  }),
  buildItemRow({ itemId: '20261120_0900_00000002', name: 'Live Harbour', photoType: 'live', tags: ['anime'] }),
  buildItemRow({ itemId: '20261120_0900_00000001', name: 'Sold Sunset', tags: ['landscape'] }),
];

const list = async (query = '') => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/items${query}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json<AdminItemsPage>();
  return { ...page, names: page.items.map((item) => item.name) };
};

beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await createShopper(ctx, 'Owner');
  await ctx.accounts.promote(owner.email);
  admin = owner.headers;
  await ctx.catalogue.insert(rows);
  await buyWithTestWallet(ctx, (await createShopper(ctx)).headers, ['20261120_0900_00000001']);
});
afterAll(() => ctx.close());

describe('the admin catalogue', () => {
  it('lists every item, drafts too, newest first, with whether each is published and was sold', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 5, more: false });
    expect(page.names).toEqual(['Neon 100% Rain', 'Quiet Draft', 'Free Dunes', 'Live Harbour', 'Sold Sunset']);
    const byName = new Map(page.items.map((item) => [item.name, item]));
    expect(byName.get('Quiet Draft')).toMatchObject({ published: false, sold: false });
    expect(byName.get('Sold Sunset')).toMatchObject({ published: true, sold: true });
    expect(byName.get('Neon 100% Rain')!.thumbnails).toBeDefined();
  });

  it('finds items by words of the name (a % is a character, not a wildcard) or by the exact itemId', async () => {
    expect((await list('?q=rain')).names).toEqual(['Neon 100% Rain']);
    expect((await list('?q=100%25')).names).toEqual(['Neon 100% Rain']);
    expect((await list('?q=0%25')).names).toEqual(['Neon 100% Rain']);
    expect((await list('?q=20261120_0900_00000002')).names).toEqual(['Live Harbour']);
    expect((await list('?q=nothing-like-it')).total).toBe(0);
  });

  it('filters by tag, price, type and state, and pages with the total of the whole filter', async () => {
    expect((await list('?tag=landscape')).names).toEqual(['Quiet Draft', 'Sold Sunset']);
    expect((await list('?price=free')).names).toEqual(['Free Dunes']);
    expect((await list('?photoType=live')).names).toEqual(['Live Harbour']);
    expect((await list('?state=unpublished')).names).toEqual(['Quiet Draft']);
    expect((await list('?state=published&price=paid&tag=landscape')).names).toEqual(['Sold Sunset']);
    const second = await list('?limit=2&offset=2');
    expect(second).toMatchObject({ total: 5, names: ['Free Dunes', 'Live Harbour'] });
  });

  it('refuses bad filters with a message, and a shopper altogether', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/admin/items?price=cheap', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/price/);
    const deep = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/items?offset=${ADMIN_ITEMS_COUNTED + 1}`,
      headers: admin,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json<{ message: string }>().message).toMatch(/offset/);
    const shopper = (await createShopper(ctx)).headers;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/items', headers: shopper })).statusCode).toBe(403);
  });

  it('shows an unpublished item as unpublished at once, and a sold one cannot be deleted', async () => {
    const unpublish = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/items/20261120_0900_00000001',
      headers: admin,
      payload: { published: false },
    });
    expect(unpublish.statusCode).toBe(204);
    expect((await list('?state=unpublished')).names).toEqual(['Quiet Draft', 'Sold Sunset']);
    const store = await ctx.app.inject({ method: 'GET', url: '/api/items/tag/landscape' });
    expect(store.json<{ name: string }[]>().map((item) => item.name)).not.toContain('Sold Sunset');

    const remove = await ctx.app.inject({ method: 'DELETE', url: '/api/items/20261120_0900_00000001', headers: admin });
    expect(remove.statusCode).toBe(409);
    expect((await list('?q=Sold')).items[0]).toMatchObject({ sold: true, published: false });
  });

  it('counts a filter up to ADMIN_ITEMS_COUNTED and says when it finds more, still paging past the newest', async () => {
    const copies = Array.from({ length: ADMIN_ITEMS_COUNTED }, (_, n) => ({
      itemId: `20250101_0000_${String(n).padStart(8, '0')}`,
      name: `Copied Dunes ${n}`,
    }));
    await ctx.catalogue.insertCopies(['20261120_0900_00000003'], copies);
    expect(await list()).toMatchObject({ total: ADMIN_ITEMS_COUNTED, more: true });
    // As many as it counts is not more.
    expect(await list('?q=copied')).toMatchObject({ total: ADMIN_ITEMS_COUNTED, more: false });
    expect(await list('?q=dunes&limit=3')).toMatchObject({
      total: ADMIN_ITEMS_COUNTED,
      more: true,
      names: ['Free Dunes', `Copied Dunes ${ADMIN_ITEMS_COUNTED - 1}`, `Copied Dunes ${ADMIN_ITEMS_COUNTED - 2}`],
    });
    expect(await list('?state=unpublished')).toMatchObject({ total: 2, more: false });
    expect(await list(`?q=dunes&limit=2&offset=${ADMIN_ITEMS_COUNTED}`)).toMatchObject({
      more: true,
      names: ['Copied Dunes 0'],
    });
  });
});
