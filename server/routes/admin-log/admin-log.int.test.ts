import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminActionsPage } from '#contract/admin.ts';
import { buildItemRow } from '../../test/builders.ts';
import { createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let owner: { email: string; headers: Record<string, string> };

const ITEM = '20261121_1000_0000aaaa';
const GONE = '20261121_1000_0000bbbb';

const log = async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/actions', headers: owner.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminActionsPage>();
};

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createShopper(ctx, 'Owner');
  await ctx.accounts.promote(admin.email);
  owner = admin;
  await ctx.catalogue.insert([
    buildItemRow({ itemId: ITEM, name: 'Harbour Dawn', priceCents: 280 }),
    buildItemRow({ itemId: GONE, name: 'Old Draft', published: false }),
  ]);
});
afterAll(() => ctx.close());

describe('the admin log', () => {
  it('starts empty', async () => {
    expect(await log()).toEqual({ actions: [], total: 0 });
  });

  it('keeps who changed what and when, with only the changed fields before and after, newest first', async () => {
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/items/${ITEM}`,
      headers: owner.headers,
      payload: { price: 4.5, published: false },
    });
    expect(edit.statusCode).toBe(204);
    const removal = await ctx.app.inject({ method: 'DELETE', url: `/api/items/${GONE}`, headers: owner.headers });
    expect(removal.statusCode).toBe(204);
    const level = await ctx.app.inject({
      method: 'PUT',
      url: '/api/items/settings/init',
      headers: owner.headers,
      payload: { adsLevel: 0 },
    });
    expect(level.statusCode).toBe(200);

    const { actions, total } = await log();
    expect(total).toBe(3);
    expect(
      actions.map(({ action, target, before, after, actor }) => ({ action, target, before, after, actor })),
    ).toEqual([
      {
        action: 'app.ads-level',
        target: 'Android app',
        before: { adsLevel: 3 },
        after: { adsLevel: 0 },
        actor: owner.email,
      },
      {
        action: 'item.delete',
        target: GONE,
        before: { name: 'Old Draft', price: 2.8, published: false },
        after: null,
        actor: owner.email,
      },
      {
        action: 'item.update',
        target: ITEM,
        before: { price: 2.8, published: true },
        after: { price: 4.5, published: false },
        actor: owner.email,
      },
    ]);
    expect(Date.now() - Date.parse(actions[0]!.at)).toBeLessThan(60_000);
  });

  it('logs nothing for a change that was refused', async () => {
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/items/20261121_1000_0000cccc',
      headers: owner.headers,
      payload: { price: 1 },
    });
    expect(missing.statusCode).toBe(404);
    expect((await log()).total).toBe(3);
  });

  it('is for administrators only, and pages refuse nonsense', async () => {
    const shopper = (await createShopper(ctx)).headers;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/actions', headers: shopper })).statusCode).toBe(403);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/admin/actions?limit=0', headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    const second = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/actions?limit=2&offset=2',
      headers: owner.headers,
    });
    expect(second.json<AdminActionsPage>().actions.map((action) => action.action)).toEqual(['item.update']);
  });
});
