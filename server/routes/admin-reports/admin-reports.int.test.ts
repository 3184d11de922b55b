import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type Report } from '#contract/reports.ts';
import { rowsOf } from '../../db/repositories/raw-rows.ts';
import { orderLines, orders } from '../../db/schema.ts';
import { lastClosedDay } from '../../services/platform/reports.service.ts';
import { buildAppEvent, buildItemRow } from '../../test/builders.ts';
import { buyWithTestWallet, createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let admin: Record<string, string>;
const paid = [300, 400, 500, 600].map((priceCents, i) =>
  buildItemRow({ itemId: `20261126_0000_4e90${i}000`, name: `Seller ${i}`, priceCents }),
);
const free = buildItemRow({ itemId: '20261126_0000_4e90f000', name: 'Free one', freeDownload: true, priceCents: 0 });
const [p0, p1, p2, p3] = paid.map((item) => item.itemId) as [string, string, string, string];
const today = new Date().toISOString().slice(0, 10);
const yesterday = addDays(today, -1);

beforeAll(async () => {
  ctx = await createTestContext();
  for (const row of [...paid, free])
    await ctx.storage.put(row.downloads[0]!.key, Buffer.from(row.itemId), { contentType: 'image/jpeg' });
  await ctx.catalogue.insert([...paid, free]);
  const owner = await createShopper(ctx, 'Owner');
  await ctx.accounts.promote(owner.email);
  admin = owner.headers;
});
afterAll(() => ctx.close());

const report = async (query: string) => {
  const response = await ctx.app.inject({ url: `/api/admin/reports?${query}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Report>();
};
/** Vitals are read from buckets 2 % apart: a figure within 1 % of the one that was its 75th percentile. */
const near = (expected: number) => ({
  asymmetricMatch: (actual: number) => Math.abs(actual / expected - 1) < 0.01,
  toString: () => `within 1 % of ${expected}`,
});
/** Dates an order's payment as if it was made at `at`. */
const paidAt = (orderId: string, at: string) =>
  ctx.db
    .update(orders)
    .set({ paidAt: new Date(at) })
    .where(eq(orders.id, orderId));
const buy = async (itemIds: string[]) => buyWithTestWallet(ctx, (await createShopper(ctx)).headers, itemIds);

describe('sales', () => {
  it('sums orders per day, week and month, refunds on the day they were made, top sellers first', async () => {
    const march2 = await buy([p0, p1]);
    const march4 = await buy([p1, p2]);
    const lastNight = await buy([p2]);
    const now = await buy([p3]);
    await paidAt(march2.orderId, '2026-03-02T10:00:00Z');
    await paidAt(march4.orderId, '2026-03-04T23:59:00Z');
    await paidAt(lastNight.orderId, `${yesterday}T23:30:00Z`);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${march2.orderId}/refunds`,
      headers: admin,
      payload: { itemIds: [p1] },
    });
    expect(refund.statusCode).toBe(202);
    await ctx.settleJobs();
    // A visitor's figures of a day in March, summed with the sales.
    await ctx.vitals.record([
      { name: 'LCP', value: 1800, rating: 'good', path: '/painting', navigationType: 'navigate' },
    ]);
    await ctx.db.execute(sql`update web_vitals set created_at = '2026-03-03T12:00:00Z'`);
    await ctx.db
      .update(orderLines)
      .set({ refundedAt: new Date('2026-03-10T08:00:00Z') })
      .where(and(eq(orderLines.orderId, march2.orderId), isNotNull(orderLines.refundedAt)));

    const march = await report('from=2026-03-01&to=2026-03-31');
    expect(march.sales).toHaveLength(31);
    const day = (period: string) => march.sales.find((row) => row.period === period);
    expect(day('2026-03-02')).toEqual({
      period: '2026-03-02',
      orders: 1,
      itemsSold: 2,
      revenue: 7,
      refunded: 0,
      net: 7,
    });
    expect(day('2026-03-04')).toMatchObject({ orders: 1, itemsSold: 2, revenue: 9 });
    expect(day('2026-03-10')).toMatchObject({ orders: 0, revenue: 0, refunded: 4, net: -4 });
    expect(day('2026-03-03')).toMatchObject({ orders: 0, revenue: 0, refunded: 0 });
    expect(march.totals).toMatchObject({ orders: 2, revenue: 16, refunded: 4, net: 12, purchases: 4 });
    expect(march.vitals).toEqual([{ page: '/painting', views: 1, lcp: near(1800), inp: null, cls: null }]);
    expect(march.topSellers.map((row) => [row.name, row.sold, row.revenue])).toEqual([
      ['Seller 1', 2, 8],
      ['Seller 2', 1, 5],
      ['Seller 0', 1, 3],
    ]);

    // 1 March 2026 is a Sunday: its week began on Monday 23 February.
    const weeks = await report('from=2026-03-01&to=2026-03-31&by=week');
    expect(weeks.sales.slice(0, 3).map((row) => [row.period, row.orders, row.revenue, row.refunded])).toEqual([
      ['2026-02-23', 0, 0, 0],
      ['2026-03-02', 2, 16, 0],
      ['2026-03-09', 0, 0, 4],
    ]);
    const months = await report('from=2026-02-01&to=2026-03-31&by=month');
    expect(months.sales.map((row) => [row.period, row.orders, row.net])).toEqual([
      ['2026-02-01', 0, 0],
      ['2026-03-01', 2, 12],
    ]);

    // Yesterday is closed and summed; today is read from its orders as they are.
    const recent = await report(`from=${yesterday}&to=${today}`);
    expect(recent.sales.map((row) => [row.period, row.orders, row.revenue])).toEqual([
      [yesterday, 1, 5],
      [today, 1, 6],
    ]);
    expect(recent.topSellers.map((row) => row.name)).toEqual(['Seller 3', 'Seller 2']);
    expect(now.status).toBe('paid');
  });

  it('sums a closed day once, however many reports ask at once', async () => {
    const summed = async () =>
      rowsOf(await ctx.db.execute(sql`select day::text, orders from sales_daily where day <= ${yesterday}::date`));
    const before = await summed();
    expect(before).toContainEqual({ day: '2026-03-02', orders: 1 });
    // Yesterday, with last night's order, once it has closed (not in the first minutes after midnight).
    const closed = lastClosedDay();
    expect(before.at(-1)).toEqual({ day: closed, orders: closed === yesterday ? 1 : 0 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => report('from=2026-03-01&to=2026-03-31')));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(await summed()).toEqual(before);
  });
});

describe('views, downloads and purchases', () => {
  it("counts a wallpaper page's views, the web's and the apps' downloads, and what sold", async () => {
    const view = (itemId: string) => ctx.app.inject({ method: 'POST', url: `/api/items/${itemId}/views` });
    for (let i = 0; i < 3; i++) expect((await view(p3)).statusCode).toBe(204);
    expect((await view(free.itemId)).statusCode).toBe(204);
    // An id that is not on sale answers the same and counts nothing.
    expect((await view('20261126_0000_4e90dead')).statusCode).toBe(204);
    expect((await ctx.app.inject({ url: `/api/downloads/free/${free.itemId}` })).statusCode).toBe(200);
    const app = await ctx.app.inject({
      method: 'POST',
      url: '/api/items/log',
      payload: buildAppEvent(free.itemId, 'download_free'),
    });
    expect(app.statusCode).toBe(204);

    const { items, totals } = await report(`from=${today}&to=${today}`);
    expect(items).toEqual([
      { itemId: p3, name: 'Seller 3', views: 3, webDownloads: 0, appDownloads: 0, purchases: 1 },
      { itemId: free.itemId, name: 'Free one', views: 1, webDownloads: 1, appDownloads: 1, purchases: 0 },
    ]);
    expect(totals).toMatchObject({ views: 4, downloads: 2, appDownloads: 1 });
    const counted = await ctx.db.execute(
      sql`select count(*)::int as n from item_views_daily where item_id = '20261126_0000_4e90dead'`,
    );
    expect(rowsOf(counted)).toEqual([{ n: 0 }]);
  });
});

describe("visitors' web vitals", () => {
  it('gives the 75th percentile of LCP, INP and CLS per kind of page', async () => {
    const vital = (name: string, value: number, path: string) => ({
      name,
      value,
      rating: 'good',
      path,
      navigationType: 'navigate',
    });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/vitals',
      payload: [1000, 2000, 3000, 4000].map((value, i) => vital('LCP', value, `/wallpapers/item-${i}/slug`)),
    });
    expect(sent.statusCode).toBe(204);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/vitals',
      payload: [vital('INP', 120, '/'), vital('CLS', 0.05, '/'), vital('TTFB', 90, '/')],
    });
    const { vitals } = await report(`from=${today}&to=${today}`);
    expect(vitals).toEqual([
      { page: '/wallpapers', views: 4, lcp: near(3000), inp: null, cls: null },
      { page: '/', views: 1, lcp: null, inp: near(120), cls: near(0.05) },
    ]);
  });
});

describe('a report asked for wrongly', () => {
  it.each([
    ['from=2026-03-10&to=2026-03-01', 'The first day must come before the last.'],
    ['from=2024-01-01&to=2026-03-01', 'A report covers at most 731 days.'],
    ['from=2026-03-01&to=2026-03-31&by=year', 'by'],
    ['from=yesterday&to=2026-03-31', 'from'],
  ])('%s answers 400 and says why', async (query, message) => {
    const response = await ctx.app.inject({ url: `/api/admin/reports?${query}`, headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('is only for administrators', async () => {
    const shopper = await createShopper(ctx);
    const response = await ctx.app.inject({
      url: `/api/admin/reports?from=${today}&to=${today}`,
      headers: shopper.headers,
    });
    expect(response.statusCode).toBe(403);
  });
});
