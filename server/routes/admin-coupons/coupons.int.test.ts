import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder } from '#contract/admin-orders.ts';
import type { Coupon, CreateCouponBody, Quote } from '#contract/coupons.ts';
import type { OrderResult } from '#contract/orders.ts';
import { orders, transactions } from '../../db/schema.ts';
import { buildItemRow } from '../../test/builders.ts';
import { createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let admin: Record<string, string>;
const items = Array.from({ length: 8 }, (_, i) =>
  buildItemRow({
    itemId: `20261121_0000_c0de${String(i).padStart(4, '0')}`,
    name: `Coupon ${i}`,
    priceCents: 300 + i * 100,
    tags: [i % 2 ? 'anime' : 'landscape'],
  }),
);
const [a, b, c, d] = items;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const row of items)
    await ctx.storage.put(row.downloads[0]!.key, Buffer.from(row.itemId), { contentType: 'image/jpeg' });
  await ctx.catalogue.insert(items);
  const owner = await createShopper(ctx, 'Owner');
  await ctx.accounts.promote(owner.email);
  admin = owner.headers;
});
afterAll(() => ctx.close());

let codes = 0;
async function makeCoupon(fields: Partial<CreateCouponBody> & Pick<CreateCouponBody, 'kind' | 'value'>) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/coupons',
    headers: admin,
    payload: { code: `save-${++codes}-${Date.now()}`, ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Coupon>();
}
const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });
const quote = (headers: Record<string, string>, itemIds: string[], coupon?: string) =>
  post('/api/orders/quote', headers, { itemIds, coupon });
const order = (headers: Record<string, string>, itemIds: string[], coupon?: string) =>
  post('/api/orders', headers, { itemIds, coupon });
const capture = (headers: Record<string, string>, orderId: string) => post(`/api/orders/${orderId}/capture`, headers);
const uses = async (couponId: string) =>
  (await ctx.app.inject({ url: '/api/admin/coupons', headers: admin }))
    .json<Coupon[]>()
    .find((coupon) => coupon.couponId === couponId)!.uses;

describe('a coupon', () => {
  it('is priced by the server: the quote, the order, the payment and the transaction all take its discount', async () => {
    const coupon = await makeCoupon({ kind: 'percent', value: 20 });
    const shopper = await createShopper(ctx);
    const ids = [a!.itemId, b!.itemId];
    const priced = await quote(shopper.headers, ids, coupon.code.toLowerCase());
    expect(priced.json<Quote>()).toEqual({
      subtotal: 7,
      discount: 1.4,
      total: 5.6,
      coupon: { code: coupon.code, description: '20% off your order' },
    });
    const created = await post('/api/orders', shopper.headers, {
      itemIds: ids,
      coupon: coupon.code,
      totalPrice: 0.01,
      discount: 7,
    });
    expect(created.json()).toMatchObject({ totalPrice: 5.6 });
    const paid = (await capture(shopper.headers, created.json().orderId)).json<OrderResult>();
    expect(paid).toMatchObject({ status: 'paid', totalPrice: 5.6 });
    const [record] = await ctx.db.select().from(transactions).where(eq(transactions.orderId, paid.orderId));
    expect(record!.totalCents).toBe(560);
    expect(await uses(coupon.couponId)).toBe(1);

    // Refunding one line gives back what was paid for it, not its full price.
    const refunded = await post(`/api/admin/orders/${paid.orderId}/refunds`, admin, { itemIds: [b!.itemId] });
    expect(refunded.json<AdminOrder>().refunds[0]!.amount).toBe(3.2);
    expect(refunded.json<AdminOrder>()).toMatchObject({ coupon: coupon.code, discount: 1.4 });
  });

  it('never takes the total below zero: an order it makes free is completed at once', async () => {
    const coupon = await makeCoupon({ kind: 'amount', value: 50 });
    const shopper = await createShopper(ctx);
    expect((await quote(shopper.headers, [c!.itemId], coupon.code)).json<Quote>()).toMatchObject({
      subtotal: 5,
      discount: 5,
      total: 0,
    });
    const created = await order(shopper.headers, [c!.itemId], coupon.code);
    expect(created.json()).toMatchObject({ totalPrice: 0, providerOrderId: expect.stringMatching(/^FREE-/) });
    const result = (await capture(shopper.headers, created.json().orderId)).json<OrderResult>();
    expect(result.status).toBe('paid');
    expect((await ctx.app.inject({ url: result.items[0]!.downloads[0]!.link })).statusCode).toBe(200);
  });

  it('for some tags applies to those wallpapers only, and is refused for an order without them', async () => {
    const coupon = await makeCoupon({ kind: 'amount', value: 1, tags: ['anime'] });
    const shopper = await createShopper(ctx);
    // b is anime, a is landscape: only b's price counts.
    expect((await quote(shopper.headers, [a!.itemId, b!.itemId], coupon.code)).json<Quote>()).toMatchObject({
      discount: 1,
      total: 6,
      coupon: { description: '$1.00 off anime wallpapers' },
    });
    const refused = await quote(shopper.headers, [a!.itemId], coupon.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This coupon does not apply to these wallpapers.');
  });

  it('is refused with a clear message when unknown, ended, expired or already used by this shopper', async () => {
    const shopper = await createShopper(ctx);
    const message = async (code: string) => (await quote(shopper.headers, [d!.itemId], code)).json().message;
    expect(await message('NO-SUCH-CODE')).toBe('This coupon code is not valid.');
    expect((await quote(shopper.headers, [d!.itemId], 'no spaces!')).statusCode).toBe(400);

    const expired = await makeCoupon({
      kind: 'percent',
      value: 10,
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(await message(expired.code)).toBe('This coupon has expired.');

    const ended = await makeCoupon({ kind: 'percent', value: 10 });
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/coupons/${ended.couponId}`,
      headers: admin,
      payload: { active: false },
    });
    expect(patch.json<Coupon>().active).toBe(false);
    expect(await message(ended.code)).toBe('This coupon code is not valid.');

    const once = await makeCoupon({ kind: 'percent', value: 10, maxUsesPerCustomer: 1 });
    const first = await order(shopper.headers, [d!.itemId], once.code);
    expect((await capture(shopper.headers, first.json().orderId)).json().status).toBe('paid');
    const again = await quote(shopper.headers, [items[5]!.itemId], once.code);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already used this coupon.');
  });

  it('is made by administrators only, with its rules checked', async () => {
    const shopper = await createShopper(ctx);
    const make = (payload: object, headers = admin) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/coupons', headers, payload });
    expect((await make({ code: 'MINE', kind: 'percent', value: 10 }, shopper.headers)).statusCode).toBe(403);
    const tooMuch = await make({ code: 'HALF-AND-MORE', kind: 'percent', value: 150 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/at most 100/);
    expect((await make({ code: 'ZERO', kind: 'amount', value: 0 })).statusCode).toBe(400);
    const made = await makeCoupon({ kind: 'percent', value: 5 });
    const twice = await make({ code: made.code.toLowerCase(), kind: 'percent', value: 5 });
    expect(twice.statusCode).toBe(409);
    const log = (await ctx.app.inject({ url: '/api/admin/actions', headers: admin })).json();
    expect(log.actions[0]).toMatchObject({
      action: 'coupon.create',
      target: made.code,
      after: { discount: '5% off your order' },
    });
  });
});

describe('the use limit of a coupon', () => {
  it('holds under 50 checkouts at once, and a refunded order gives its use back', async () => {
    const LIMIT = 5;
    const coupon = await makeCoupon({ kind: 'percent', value: 50, maxUses: LIMIT });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => createShopper(ctx)));
    // Every shopper may start an order with it: none is paid yet.
    const created = await Promise.all(
      shoppers.map((shopper) => order(shopper.headers, [items[6]!.itemId], coupon.code)),
    );
    expect(created.map((response) => response.statusCode)).toEqual(shoppers.map(() => 201));
    const captured = await Promise.all(
      shoppers.map((shopper, i) => capture(shopper.headers, created[i]!.json().orderId)),
    );
    const paid = captured.filter((response) => response.statusCode === 200 && response.json().status === 'paid');
    expect(paid).toHaveLength(LIMIT);
    const refused = captured.filter((response) => response.statusCode === 409);
    expect(refused).toHaveLength(50 - LIMIT);
    expect(new Set(refused.map((response) => response.json().message))).toEqual(
      new Set(['This coupon has been used up.']),
    );
    expect(await uses(coupon.couponId)).toBe(LIMIT);
    expect(await ctx.db.select().from(orders).where(eq(orders.couponId, coupon.couponId))).toHaveLength(50);

    // Used up, it is refused at the quote; a refund gives one use back.
    const late = await createShopper(ctx);
    expect((await quote(late.headers, [items[7]!.itemId], coupon.code)).json().message).toBe(
      'This coupon has been used up.',
    );
    const orderId = paid[0]!.json<OrderResult>().orderId;
    await post(`/api/admin/orders/${orderId}/refunds`, admin);
    await ctx.settleJobs();
    expect(await uses(coupon.couponId)).toBe(LIMIT - 1);
    const now = await order(late.headers, [items[7]!.itemId], coupon.code);
    expect((await capture(late.headers, now.json().orderId)).json().status).toBe('paid');
  }, 120_000);
});
