import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminActionsPage } from '#contract/admin.ts';
import type { AdminOrder } from '#contract/admin-orders.ts';
import { BUNDLE_MESSAGES, type AdminBundle, type Bundle } from '#contract/bundles.ts';
import type { Quote } from '#contract/coupons.ts';
import type { LibraryEntry } from '#contract/orders.ts';
import { orderLines } from '../../db/schema.ts';
import { buildItemRow } from '../../test/builders.ts';
import { buyWithTestWallet, createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
let admin: Record<string, string>;
const peaks = buildItemRow({ name: 'Bundle Peaks', priceCents: 200 });
const dunes = buildItemRow({ name: 'Bundle Dunes', priceCents: 300 });
const aurora = buildItemRow({ name: 'Bundle Aurora', priceCents: 500 });
const gift = buildItemRow({ name: 'Bundle Gift', priceCents: 0, freeDownload: true });

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.catalogue.insert([peaks, dunes, aurora, gift]);
  const owner = await createShopper(ctx, 'Owner');
  await ctx.accounts.promote(owner.email);
  admin = owner.headers;
});
afterAll(() => ctx.close());

const make = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/bundles', headers: admin, payload });
const change = (bundleId: string, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/admin/bundles/${bundleId}`, headers: admin, payload });
const onSale = async () => (await ctx.app.inject({ url: '/api/bundles' })).json<Bundle[]>();
const trio = {
  name: 'Far away',
  description: 'Three places',
  price: 6,
  itemIds: [peaks.itemId, dunes.itemId, aurora.itemId],
};

describe('bundles', () => {
  it('are made of paid wallpapers, and shown with a page of their own once published', async () => {
    const made = await make(trio);
    expect(made.statusCode, made.body).toBe(201);
    const bundle = made.json<AdminBundle>();
    expect(bundle).toMatchObject({ name: 'Far away', price: 6, worth: 10, published: false, onSale: false, sold: 0 });
    expect(bundle.items.map((item) => item.name)).toEqual(['Bundle Peaks', 'Bundle Dunes', 'Bundle Aurora']);
    // A draft is the owner's alone.
    expect(await onSale()).toEqual([]);
    expect((await ctx.app.inject({ url: `/api/bundles/${bundle.bundleId}` })).statusCode).toBe(404);

    expect((await change(bundle.bundleId, { published: true })).json<AdminBundle>().onSale).toBe(true);
    expect((await onSale()).map((shown) => shown.name)).toEqual(['Far away']);
    const page = await ctx.app.inject({ url: `/api/bundles/${bundle.bundleId}` });
    expect(page.json<Bundle>()).toMatchObject({ name: 'Far away', description: 'Three places', price: 6, worth: 10 });

    // An item of it unpublished takes the bundle off sale until it is back.
    await ctx.catalogue.update(dunes.itemId, { published: false });
    expect(await onSale()).toEqual([]);
    await ctx.catalogue.update(dunes.itemId, { published: true });
    expect(await onSale()).toHaveLength(1);

    const log = (await ctx.app.inject({ url: '/api/admin/actions', headers: admin })).json<AdminActionsPage>();
    expect(log.actions.find((action) => action.action === 'bundle.update')).toMatchObject({
      target: `bundle ${bundle.bundleId}`,
      before: { published: false },
      after: { published: true },
    });
  });

  it('refuses a free wallpaper, a single one, one that does not exist and a nameless bundle', async () => {
    const free = await make({ ...trio, itemIds: [peaks.itemId, gift.itemId] });
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe(`${BUNDLE_MESSAGES.freeInside}: Bundle Gift`);
    expect((await make({ ...trio, itemIds: [peaks.itemId] })).json().message).toContain(
      'A bundle holds at least two wallpapers.',
    );
    expect((await make({ ...trio, itemIds: [peaks.itemId, 'no-such-item'] })).json().message).toBe(
      'These wallpapers do not exist: no-such-item',
    );
    expect((await make({ ...trio, name: '  ' })).json().message).toContain('Give the bundle a name.');
    expect((await make({ ...trio, price: -1 })).statusCode).toBe(400);
  });

  it('takes what a shopper owns off the price, grants every other wallpaper, and is kept once sold', async () => {
    const [bundle] = await onSale();
    const shopper = await createShopper(ctx);
    await buyWithTestWallet(ctx, shopper.headers, [dunes.itemId]);

    // $6 for $10 of wallpapers: each at 60% of its price, and Dunes ($1.80 of it) is owned.
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      headers: shopper.headers,
      payload: { bundleId: bundle!.bundleId },
    });
    expect(quote.json<Quote>()).toMatchObject({ subtotal: 4.2, discount: 0, total: 4.2 });
    const overlap = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: { bundleId: bundle!.bundleId, itemIds: [peaks.itemId] },
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe('These wallpapers are in the bundle too: Bundle Peaks');

    const paid = await buyWithTestWallet(ctx, shopper.headers, { bundleId: bundle!.bundleId });
    expect(paid.totalPrice).toBe(4.2);
    const library = (await ctx.app.inject({ url: '/api/library', headers: shopper.headers })).json<LibraryEntry[]>();
    expect(library.map((entry) => entry.name).sort()).toEqual(['Bundle Aurora', 'Bundle Dunes', 'Bundle Peaks']);
    const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, paid.orderId));
    expect(lines.map((line) => [line.itemId, line.priceCents, line.bundleId]).sort()).toEqual(
      [
        [peaks.itemId, 120, bundle!.bundleId],
        [aurora.itemId, 300, bundle!.bundleId],
      ].sort(),
    );

    // The owner's view of the order names the bundle each line came in.
    const seen = (
      await ctx.app.inject({ url: `/api/admin/orders/${paid.orderId}`, headers: admin })
    ).json<AdminOrder>();
    expect(seen.lines.map((line) => [line.name, line.price, line.bundle]).sort()).toEqual([
      ['Bundle Aurora', 3, 'Far away'],
      ['Bundle Peaks', 1.2, 'Far away'],
    ]);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: { bundleId: bundle!.bundleId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BUNDLE_MESSAGES.allOwned);

    // Sold: the bundle stays (unpublishing hides it) and its items stay while it is on sale.
    const removeBundle = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/bundles/${bundle!.bundleId}`,
      headers: admin,
    });
    expect(removeBundle.statusCode).toBe(409);
    expect(removeBundle.json().message).toBe(BUNDLE_MESSAGES.soldStays);
    const admins = (await ctx.app.inject({ url: '/api/admin/bundles', headers: admin })).json<AdminBundle[]>();
    expect(admins.find((shown) => shown.bundleId === bundle!.bundleId)?.sold).toBe(1);
    expect((await change(bundle!.bundleId, { published: false })).statusCode).toBe(200);
    expect(await onSale()).toEqual([]);
  });

  it("keeps an item in a bundle on sale from being deleted; a draft bundle's item leaves it", async () => {
    const spare = buildItemRow({ name: 'Bundle Spare', priceCents: 250 });
    const other = buildItemRow({ name: 'Bundle Other', priceCents: 250 });
    await ctx.catalogue.insert([spare, other]);
    const bundle = (
      await make({ name: 'Pair', price: 4, itemIds: [spare.itemId, other.itemId, peaks.itemId], published: true })
    ).json<AdminBundle>();
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/items/${spare.itemId}`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This wallpaper is in a bundle on sale (Pair). Take it out of the bundle or unpublish the bundle first.',
    );

    await change(bundle.bundleId, { published: false });
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/items/${spare.itemId}`, headers: admin });
    expect(removed.statusCode).toBe(204);
    const admins = (await ctx.app.inject({ url: '/api/admin/bundles', headers: admin })).json<AdminBundle[]>();
    expect(admins.find((shown) => shown.bundleId === bundle.bundleId)?.items.map((item) => item.name)).toEqual([
      'Bundle Other',
      'Bundle Peaks',
    ]);
    // Never ordered: it can go.
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/bundles/${bundle.bundleId}`,
      headers: admin,
    });
    expect(gone.statusCode).toBe(204);
  });
});
