import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrdersPage } from '#contract/admin-orders.ts';
import type { OrderResult } from '#contract/orders.ts';
import { refunds } from '../../db/schema.ts';
import { buildItemRow } from '../../test/builders.ts';
import { buyWithTestWallet, createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let admin: Record<string, string>;
const items = Array.from({ length: 12 }, (_, i) =>
  buildItemRow({ itemId: `20261120_0000_a0de${String(i).padStart(4, '0')}`, name: `Owner ${i}`, priceCents: 280 + i }),
);
let next = 0;
const nextItems = (n: number) => items.slice(next, (next += n)).map((item) => item.itemId);

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

const get = (url: string, headers = admin) => ctx.app.inject({ url, headers });
const post = (url: string, payload: object, headers = admin) =>
  ctx.app.inject({ method: 'POST', url, headers, payload });
const detail = async (orderId: string) => (await get(`/api/admin/orders/${orderId}`)).json<AdminOrder>();
/** The decoded texts of the outbox's emails that mention `text`. */
async function outboxMentioning(text: string): Promise<string[]> {
  const names = fs.existsSync(ctx.config.outboxDir) ? fs.readdirSync(ctx.config.outboxDir) : [];
  const mails = await Promise.all(
    names.map(async (name) => {
      const mail = await simpleParser(fs.readFileSync(path.join(ctx.config.outboxDir, name)));
      return `${mail.subject}\n${mail.text}`;
    }),
  );
  return mails.filter((mail) => mail.includes(text));
}
const download = async (link: string) => (await ctx.app.inject({ url: link })).statusCode;

describe('the owner finds an order', () => {
  it('by transaction id, our order id, the provider order id or the buyer email, and sees its lines, payment and emails', async () => {
    const shopper = await createShopper(ctx);
    const paid = await buyWithTestWallet(ctx, shopper.headers, nextItems(2));
    await ctx.settleJobs();
    for (const q of [paid.transactionId!, paid.orderId, paid.providerOrderId!, shopper.email.toUpperCase()]) {
      const page = (await get(`/api/admin/orders?q=${encodeURIComponent(q)}`)).json<AdminOrdersPage>();
      expect(
        page.orders.map((order) => order.orderId),
        q,
      ).toEqual([paid.orderId]);
      expect(page.orders[0]).toMatchObject({ email: shopper.email, status: 'paid', itemCount: 2, totalPrice: 5.61 });
    }
    expect((await get('/api/admin/orders?q=nobody%40example.com')).json()).toEqual({ orders: [], total: 0 });
    // Without a query: the newest orders first.
    const newest = (await get('/api/admin/orders?limit=1')).json<AdminOrdersPage>();
    expect(newest.orders[0]!.orderId).toBe(paid.orderId);

    const order = await detail(paid.orderId);
    expect(order).toMatchObject({
      buyer: { email: shopper.email, firstName: 'Ada' },
      provider: 'test',
      captureId: expect.stringMatching(/^TESTCAP-/),
      transactionId: paid.transactionId,
      refunds: [],
    });
    expect(order.lines.map((line) => [line.name, line.state])).toEqual([
      ['Owner 0', 'held'],
      ['Owner 1', 'held'],
    ]);
    expect(order.emails).toEqual([expect.objectContaining({ kind: 'order-email', status: 'done' })]);
  });

  it('is for administrators only, and a bad id is a clear 400', async () => {
    const shopper = await createShopper(ctx);
    expect((await get('/api/admin/orders', shopper.headers)).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/orders' })).statusCode).toBe(401);
    const bad = await get('/api/admin/orders/not-an-order');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/orderId is not valid/);
    expect((await get(`/api/admin/orders/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('a refund', () => {
  it('of one line gives its price back, stops its downloads, tells the buyer, and leaves the rest of the order', async () => {
    const shopper = await createShopper(ctx);
    const [kept, refunded] = nextItems(2);
    const paid = await buyWithTestWallet(ctx, shopper.headers, [kept!, refunded!]);
    const link = (itemId: string) => paid.items.find((item) => item.itemId === itemId)!.downloads[0]!.link;

    const asked = await post(`/api/admin/orders/${paid.orderId}/refunds`, { itemIds: [refunded] });
    expect(asked.statusCode).toBe(202);
    expect(asked.json<AdminOrder>().lines.find((line) => line.itemId === refunded)!.state).toBe('refunding');
    await ctx.settleJobs();

    const order = await detail(paid.orderId);
    expect(order.status).toBe('paid');
    expect(Object.fromEntries(order.lines.map((line) => [line.itemId, line.state]))).toEqual({
      [kept!]: 'held',
      [refunded!]: 'refunded',
    });
    const price = items.find((item) => item.itemId === refunded)!.priceCents / 100;
    expect(order.refunds).toEqual([
      expect.objectContaining({ origin: 'owner', status: 'completed', amount: price, requestedBy: expect.any(String) }),
    ]);
    expect(order.emails.map((email) => email.kind)).toEqual(['order-email', 'refund-email']);
    expect(await download(link(refunded!))).toBe(410);
    expect(await download(link(kept!))).toBe(200);
    const library = (await get('/api/library', shopper.headers)).json<{ itemId: string }[]>();
    expect(library.map((entry) => entry.itemId)).toEqual([kept]);
    const mails = await outboxMentioning(`We refunded $${price.toFixed(2)}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/download links no longer work/);
    // The log says who refunded what.
    const log = (await get('/api/admin/actions')).json<{ actions: { action: string; target: string }[] }>();
    expect(log.actions[0]).toMatchObject({ action: 'order.refund', target: paid.orderId });

    // The same line again is refused; the rest of the order ends it.
    const again = await post(`/api/admin/orders/${paid.orderId}/refunds`, { itemIds: [refunded] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/refunded already/);
    expect((await post(`/api/admin/orders/${paid.orderId}/refunds`, {})).statusCode).toBe(202);
    await ctx.settleJobs();
    expect((await detail(paid.orderId)).status).toBe('refunded');
    expect(await download(link(kept!))).toBe(410);
    // The shopper may buy a refunded wallpaper again.
    expect((await buyWithTestWallet(ctx, shopper.headers, [refunded!])).status).toBe('paid');
  });

  it('asked for many times at once is made once', async () => {
    const shopper = await createShopper(ctx);
    const paid = await buyWithTestWallet(ctx, shopper.headers, nextItems(2));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(`/api/admin/orders/${paid.orderId}/refunds`, {})),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([202, ...Array(9).fill(409)]);
    await ctx.settleJobs();
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, paid.orderId))).toEqual([
      expect.objectContaining({ status: 'completed', amountCents: Math.round(paid.totalPrice * 100) }),
    ]);
    expect((await detail(paid.orderId)).emails.filter((email) => email.kind === 'refund-email')).toHaveLength(1);
  });

  it('is refused for an unpaid order or a line the order does not have', async () => {
    const shopper = await createShopper(ctx);
    const created = (await post('/api/orders', { itemIds: nextItems(1) }, shopper.headers)).json<{ orderId: string }>();
    const unpaid = await post(`/api/admin/orders/${created.orderId}/refunds`, {});
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('Only a paid order can be refunded.');

    const paid: OrderResult = await buyWithTestWallet(ctx, shopper.headers, nextItems(1));
    const stranger = await post(`/api/admin/orders/${paid.orderId}/refunds`, { itemIds: [items[11]!.itemId] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toMatch(/no line for/);
    expect((await post(`/api/admin/orders/${paid.orderId}/refunds`, { itemIds: ['nope'] })).statusCode).toBe(400);
  });
});

describe('the order email sent again', () => {
  it('goes out once per press, however often the press arrives', async () => {
    const shopper = await createShopper(ctx);
    const paid = await buyWithTestWallet(ctx, shopper.headers, nextItems(1));
    await ctx.settleJobs();
    const press = randomUUID();
    for (const pressId of [press, press, randomUUID()])
      expect((await post(`/api/admin/orders/${paid.orderId}/email-again`, { pressId })).statusCode).toBe(202);
    await ctx.settleJobs();
    const emails = (await detail(paid.orderId)).emails;
    expect(emails.map((email) => [email.kind, email.status])).toEqual([
      ['order-email', 'done'],
      ['order-email', 'done'],
      ['order-email', 'done'],
    ]);
    expect(await outboxMentioning(paid.transactionId!)).toHaveLength(3);
  });
});
