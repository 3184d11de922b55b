import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResult } from '#contract/orders.ts';
import { grants, orders, transactions } from '../../db/schema.ts';
import { SettingsRepository } from '../../db/repositories/settings.repository.ts';
import { loadDownloadSigner } from '../../security/download-links.ts';
import { buildItemRow } from '../../test/builders.ts';
import { buyWithTestWallet, createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
const bytes = Buffer.from('the master file of a paid wallpaper');
const paidA = buildItemRow({ itemId: '20261101_0000_c0000001', name: 'Paid A', priceCents: 280 });
const paidB = buildItemRow({ itemId: '20261101_0000_c0000002', name: 'Paid B', priceCents: 499 });
const free = buildItemRow({ itemId: '20261101_0000_c0000003', freeDownload: true, priceCents: 0 });
const draft = buildItemRow({ itemId: '20261101_0000_c0000004', published: false });

const outbox = () => (fs.existsSync(ctx.config.outboxDir) ? fs.readdirSync(ctx.config.outboxDir) : []);

beforeAll(async () => {
  ctx = await createTestContext();
  for (const row of [paidA, paidB]) await ctx.storage.put(row.downloads[0]!.key, bytes, { contentType: 'image/jpeg' });
  await ctx.catalogue.insert([paidA, paidB, free, draft]);
});
afterAll(() => ctx.close());

async function order(headers: Record<string, string>, itemIds: string[], extra: object = {}) {
  return ctx.app.inject({ method: 'POST', url: '/api/orders', headers, payload: { itemIds, ...extra } });
}

describe('orders', () => {
  it('are priced by the server: a total sent by the browser changes nothing', async () => {
    const shopper = await createShopper(ctx);
    const response = await order(shopper.headers, [paidA.itemId, paidB.itemId], {
      totalPrice: 0.01,
      price: 0,
      amount: '0.01',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ id: expect.stringMatching(/^TEST-/), totalPrice: 7.79, provider: 'test' });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, response.json().orderId));
    expect(row).toMatchObject({ totalCents: 779, currency: 'USD', status: 'created' });
  });

  it('refuse free, unknown and unpublished items with a clear 400, and need a login', async () => {
    const shopper = await createShopper(ctx);
    for (const [ids, text] of [
      [[free.itemId], /free to download/],
      [['20200101_0000_00000000'], /not for sale/],
      [[draft.itemId], /not for sale/],
      [[], /cart is empty/],
    ] as const) {
      const response = await order(shopper.headers, [...ids]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(text);
    }
    expect((await order({}, [paidA.itemId])).statusCode).toBe(401);
  });
});

describe('order ids', () => {
  it("name ours orderId and the provider's providerOrderId; the paths take either and say which was not found", async () => {
    const shopper = await createShopper(ctx);
    const created = (await order(shopper.headers, [paidA.itemId])).json();
    expect(created).toMatchObject({
      orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      providerOrderId: expect.stringMatching(/^TEST-/),
    });
    expect(created.id).toBe(created.providerOrderId);

    const byOurs = await ctx.app.inject({ url: `/api/orders/${created.orderId}`, headers: shopper.headers });
    const byProvider = await ctx.app.inject({
      url: `/api/orders/${created.providerOrderId}`,
      headers: shopper.headers,
    });
    expect(byOurs.json()).toMatchObject({ orderId: created.orderId, providerOrderId: created.providerOrderId });
    expect(byProvider.json()).toEqual(byOurs.json());

    const captured = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${created.orderId}/capture`,
      headers: shopper.headers,
    });
    expect(captured.json()).toMatchObject({ status: 'paid', orderId: created.orderId });

    const unknownOurs = await ctx.app.inject({
      url: '/api/orders/00000000-0000-4000-8000-000000000000',
      headers: shopper.headers,
    });
    expect(unknownOurs.statusCode).toBe(404);
    expect(unknownOurs.json().message).toMatch(/^No order of yours has this orderId\./);
    const unknownProvider = await ctx.app.inject({ url: '/api/orders/5O190127TN364715T', headers: shopper.headers });
    expect(unknownProvider.statusCode).toBe(404);
    expect(unknownProvider.json().message).toMatch(/^No order of yours has this providerOrderId\./);
  });
});

describe('capture with the test wallet', () => {
  it('records the transaction, grants the items, emails once and serves the files', async () => {
    const shopper = await createShopper(ctx, 'Grace');
    const created = (await order(shopper.headers, [paidA.itemId])).json();
    const captured = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${created.id}/capture`,
      headers: shopper.headers,
    });
    expect(captured.statusCode).toBe(200);
    const result = captured.json<OrderResult>();
    expect(result).toMatchObject({
      status: 'paid',
      totalPrice: 2.8,
      currency: 'USD',
      transactionId: expect.stringMatching(/^\d{8}_\d{4}_[0-9a-f]{8}$/),
    });

    const [record] = await ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.transactionId, result.transactionId!));
    expect(record).toMatchObject({
      email: shopper.email,
      firstName: 'Grace',
      lastName: 'Lovelace',
      payment: 'test',
      tax: 0,
      totalCents: 280,
      totalCount: 1,
      reserved: {},
      detail: [{ itemId: paidA.itemId, name: 'Paid A', price: 2.8, quantity: 1 }],
    });

    const link = result.items[0]!.downloads[0]!.link;
    const file = await ctx.app.inject({ url: link });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers['content-disposition']).toBe('attachment; filename="wallpaper.jpg"');
    const range = await ctx.app.inject({ url: link, headers: { range: 'bytes=4-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(bytes.subarray(4, 10).toString());

    const library = (await ctx.app.inject({ url: '/api/library', headers: shopper.headers })).json();
    expect(library.map((entry: { itemId: string }) => entry.itemId)).toEqual([paidA.itemId]);

    // Confirming from the success page, twice, sends no second email.
    await ctx.settleJobs();
    const emailsBefore = outbox().length;
    for (let i = 0; i < 2; i++) {
      const confirm = await ctx.app.inject({
        method: 'POST',
        url: '/api/items/transaction',
        headers: shopper.headers,
        payload: { transactionId: result.transactionId },
      });
      expect(confirm.json().transactionId).toBe(result.transactionId);
    }
    await ctx.settleJobs();
    expect(outbox().length).toBe(emailsBefore);
    const mail = fs.readFileSync(
      path.join(
        ctx.config.outboxDir,
        outbox().find((f) =>
          fs.readFileSync(path.join(ctx.config.outboxDir, f), 'utf8').includes(result.transactionId!),
        )!,
      ),
      'utf8',
    );
    expect(mail).toContain('Paid A');

    // Owned now: a new order for it is refused.
    expect((await order(shopper.headers, [paidA.itemId])).json().message).toMatch(/already own/);
  });

  it('gives one transaction, one grant and one email for two concurrent captures', async () => {
    const shopper = await createShopper(ctx);
    const created = (await order(shopper.headers, [paidB.itemId])).json();
    await ctx.settleJobs();
    const emailsBefore = outbox().length;
    const capture = () =>
      ctx.app.inject({ method: 'POST', url: `/api/orders/${created.id}/capture`, headers: shopper.headers });
    const [first, second] = await Promise.all([capture(), capture()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().transactionId).toBe(second.json().transactionId);
    const third = await capture();
    expect(third.json().transactionId).toBe(first.json().transactionId);
    expect(await ctx.db.select().from(transactions).where(eq(transactions.orderId, created.orderId))).toHaveLength(1);
    expect(await ctx.db.select().from(grants).where(eq(grants.orderId, created.orderId))).toHaveLength(1);
    await ctx.settleJobs();
    expect(outbox().length).toBe(emailsBefore + 1);
  });

  it("keeps another user's order and purchases out of reach", async () => {
    const owner = await createShopper(ctx);
    const stranger = await createShopper(ctx);
    const created = (await order(owner.headers, [paidB.itemId])).json();
    const stolen = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${created.id}/capture`,
      headers: stranger.headers,
    });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().message).toBe('This order belongs to another account.');
    expect((await ctx.app.inject({ url: `/api/orders/${created.id}`, headers: stranger.headers })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ url: '/api/library', headers: stranger.headers })).json()).toEqual([]);
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/items/transaction',
      headers: stranger.headers,
      payload: { transactionId: '20261122_0000_00000000' },
    });
    expect(confirm.statusCode).toBe(404);
  });
});

describe('download links', () => {
  it('refuse forged and expired tokens, with a page for browsers', async () => {
    const shopper = await createShopper(ctx);
    const created = (await order(shopper.headers, [paidA.itemId])).json();
    const result = (
      await ctx.app.inject({ method: 'POST', url: `/api/orders/${created.id}/capture`, headers: shopper.headers })
    ).json<OrderResult>();
    const token = result.items[0]!.downloads[0]!.link.split('/').at(-1)!;
    const [payload, mac] = token.split('.');
    const forged = await ctx.app.inject({ url: `/api/downloads/${payload}.${mac!.slice(0, -2)}xx` });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/not valid/);

    // A link the store itself signed, whose week has passed: 410, and a page for a browser.
    const signer = await loadDownloadSigner(new SettingsRepository(ctx.db));
    const expired = signer.sign({
      orderId: created.orderId,
      itemId: paidA.itemId,
      file: 0,
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(signer.check(token).ok).toBe(true);
    const gone = await ctx.app.inject({ url: `/api/downloads/${expired}` });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toMatch(/has expired/);
    const gonePage = await ctx.app.inject({ url: `/api/downloads/${expired}`, headers: { accept: 'text/html' } });
    expect(gonePage.statusCode).toBe(410);
    expect(gonePage.body).toContain('This download link has expired');

    // Its payload with the signature of another: a forgery, not an expiry.
    const claim = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object;
    const backdated = Buffer.from(JSON.stringify({ ...claim, e: Math.floor(Date.now() / 1000) - 10 })).toString(
      'base64url',
    );
    expect((await ctx.app.inject({ url: `/api/downloads/${backdated}.${mac}` })).statusCode).toBe(403);
    const page = await ctx.app.inject({ url: `/api/downloads/nonsense`, headers: { accept: 'text/html' } });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('href="/account"');
  });

  it('work for an item whose itemId holds dots', async () => {
    const dotted = buildItemRow({ itemId: 'summer.v2.final', name: 'Dotted', priceCents: 300 });
    await ctx.storage.put(dotted.downloads[0]!.key, bytes, { contentType: 'image/jpeg' });
    await ctx.catalogue.insert([dotted]);
    const shopper = await createShopper(ctx);
    const created = (await order(shopper.headers, [dotted.itemId])).json();
    const result = (
      await ctx.app.inject({ method: 'POST', url: `/api/orders/${created.id}/capture`, headers: shopper.headers })
    ).json<OrderResult>();
    const file = await ctx.app.inject({ url: result.items[0]!.downloads[0]!.link });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
  });

  it('stop working when the purchase is refunded', async () => {
    const shopper = await createShopper(ctx);
    const created = (await order(shopper.headers, [paidB.itemId])).json();
    const result = (
      await ctx.app.inject({ method: 'POST', url: `/api/orders/${created.id}/capture`, headers: shopper.headers })
    ).json<OrderResult>();
    const link = result.items[0]!.downloads[0]!.link;
    expect((await ctx.app.inject({ url: link })).statusCode).toBe(200);
    const [row] = await ctx.db
      .select({ captureId: orders.captureId })
      .from(orders)
      .where(eq(orders.id, created.orderId));
    expect(
      await ctx.checkout.handleWebhook({
        id: `WH-${created.orderId}`,
        type: 'PAYMENT.CAPTURE.REFUNDED',
        captureId: row!.captureId!,
      }),
    ).toBe('handled');
    const gone = await ctx.app.inject({ url: link });
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toMatch(/refunded/);
    expect((await ctx.app.inject({ url: '/api/library', headers: shopper.headers })).json()).toEqual([]);
  });
});

describe('a public store without a payment provider', () => {
  it('refuses checkout with a clear message and keeps no order, unless the owner asks for the test wallet', async () => {
    const closed = await createTestContext({ PUBLIC_URL: 'https://shop.example.com' });
    try {
      await closed.catalogue.insert([buildItemRow({ itemId: '20261101_0000_c0000009', priceCents: 280 })]);
      const shopper = await createShopper(closed);
      const refused = await closed.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: shopper.headers,
        payload: { itemIds: ['20261101_0000_c0000009'] },
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        message: 'This store does not take payments yet, so nothing can be bought. Free wallpapers download as usual.',
      });
      expect(await closed.db.select().from(orders)).toEqual([]);
      expect((await closed.app.inject({ url: '/api/config' })).json().payment).toEqual({ provider: 'none' });
    } finally {
      await closed.close();
    }
    const demo = await createTestContext({ PUBLIC_URL: 'https://demo.example.com', TEST_WALLET: 'true' });
    try {
      await demo.catalogue.insert([buildItemRow({ itemId: '20261101_0000_c000000a', priceCents: 280 })]);
      const shopper = await createShopper(demo);
      expect((await buyWithTestWallet(demo, shopper.headers, ['20261101_0000_c000000a'])).status).toBe('paid');
    } finally {
      await demo.close();
    }
  });
});
