import fs from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderResult } from '#contract/orders.ts';
import { grants, orderLines, orders, refunds } from '../../db/schema.ts';
import { buildItemRow } from '../../test/builders.ts';
import { startFakePayPal } from '../../test/fake-paypal.ts';
import { createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { WEBHOOKS_PER_MINUTE } from '../../routes/webhooks/index.ts';

const credentials = { clientId: 'test-client-id', clientSecret: 'test-secret' };
let paypal: Awaited<ReturnType<typeof startFakePayPal>>;
let ctx: TestContext;
const items = Array.from({ length: 16 }, (_, i) =>
  buildItemRow({ itemId: `20261101_0000_d00000${String(i).padStart(2, '0')}`, name: `Paid ${i}`, priceCents: 280 + i }),
);
let next = 0;
const outbox = () => (fs.existsSync(ctx.config.outboxDir) ? fs.readdirSync(ctx.config.outboxDir).length : 0);

beforeAll(async () => {
  paypal = await startFakePayPal(credentials);
  ctx = await createTestContext({
    PAYPAL_CLIENT_ID: credentials.clientId,
    PAYPAL_CLIENT_SECRET: credentials.clientSecret,
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_WEBHOOK_ID: 'WH-TEST',
  });
  for (const row of items)
    await ctx.storage.put(row.downloads[0]!.key, Buffer.from(row.itemId), { contentType: 'image/jpeg' });
  await ctx.catalogue.insert(items);
});
afterAll(async () => {
  await ctx.close();
  await paypal.close();
});
beforeEach(() => {
  paypal.state.capture = { status: 'COMPLETED', amount: undefined };
  paypal.state.refundRefusal = undefined;
  paypal.state.verification = 'SUCCESS';
});

/** A shopper's order for the next unused item, as PayPal's buttons would create it. */
async function newOrder() {
  const shopper = await createShopper(ctx);
  const item = items[next++]!;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: shopper.headers,
    payload: { itemIds: [item.itemId] },
  });
  expect(created.statusCode).toBe(201);
  const body = created.json<{ id: string; orderId: string }>();
  return {
    shopper,
    item,
    ...body,
    capture: () => ctx.app.inject({ method: 'POST', url: `/api/orders/${body.id}/capture`, headers: shopper.headers }),
  };
}

let ownerHeaders: Record<string, string> | undefined;
/** An administrator's headers, made once. */
async function owner() {
  if (!ownerHeaders) {
    const made = await createShopper(ctx, 'Owner');
    await ctx.accounts.promote(made.email);
    ownerHeaders = made.headers;
  }
  return ownerHeaders;
}

const WEBHOOK_HEADERS = () => ({
  'paypal-transmission-id': 't1',
  'paypal-transmission-sig': 'sig',
  'paypal-auth-algo': 'SHA256withRSA',
  'paypal-cert-url': 'https://api.paypal.com/cert',
  'paypal-transmission-time': new Date().toISOString(),
});
const webhook = (event: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/webhooks/paypal', payload: event, headers: WEBHOOK_HEADERS() });

describe('the PayPal adapter', () => {
  it('creates an order with the server total and an item breakdown, and sends request ids', async () => {
    const order = await newOrder();
    const create = paypal.state.requests.find(
      (r) => r.path === '/v2/checkout/orders' && r.requestId === `create-${order.orderId}`,
    )!;
    expect(create.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          custom_id: order.orderId,
          amount: {
            currency_code: 'USD',
            value: '2.80',
            breakdown: { item_total: { currency_code: 'USD', value: '2.80' } },
          },
          items: [
            {
              name: order.item.name,
              sku: order.item.itemId,
              quantity: '1',
              unit_amount: { currency_code: 'USD', value: '2.80' },
            },
          ],
        },
      ],
    });
    paypal.approve(order.id);
    expect((await order.capture()).statusCode).toBe(200);
    expect(paypal.state.requests.find((r) => r.path.endsWith('/capture'))!.requestId).toBe(`capture-${order.orderId}`);
  });

  it('reuses its access token until it expires', async () => {
    await newOrder();
    await newOrder();
    expect(paypal.state.tokenCalls).toBe(1);
  });

  it('answers a clear 409 when the buyer has not approved yet, and captures once they have', async () => {
    const order = await newOrder();
    const early = await order.capture();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The payment has not been approved in PayPal yet.');
    paypal.approve(order.id);
    const paid = await order.capture();
    expect(paid.json<OrderResult>().status).toBe('paid');
    expect(await ctx.db.select().from(grants).where(eq(grants.orderId, order.orderId))).toHaveLength(1);
  });

  it('grants nothing when the captured amount differs from the order', async () => {
    const order = await newOrder();
    paypal.approve(order.id);
    paypal.state.capture.amount = '0.01';
    const response = await order.capture();
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/did not match/);
    expect(await ctx.db.select().from(grants).where(eq(grants.orderId, order.orderId))).toHaveLength(0);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'amount mismatch' });
  });

  it('grants nothing for a declined capture', async () => {
    const order = await newOrder();
    paypal.approve(order.id);
    paypal.state.capture.status = 'DECLINED';
    const response = await order.capture();
    expect(response.statusCode).toBe(402);
    expect(await ctx.db.select().from(grants).where(eq(grants.orderId, order.orderId))).toHaveLength(0);
  });
});

describe('webhooks', () => {
  it('complete a pending capture once, ignoring a repeated delivery', async () => {
    const order = await newOrder();
    paypal.approve(order.id);
    paypal.state.capture.status = 'PENDING';
    const pending = (await order.capture()).json<OrderResult>();
    expect(pending.status).toBe('pending');
    expect(pending.items[0]!.downloads).toEqual([]);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.orderId));
    await ctx.settleJobs();
    const emails = outbox();

    const event = {
      id: 'WH-COMPLETED-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: row!.captureId, custom_id: order.orderId },
    };
    expect((await webhook(event)).json()).toEqual({ status: 'handled' });
    expect((await webhook(event)).json()).toEqual({ status: 'duplicate' });
    const paid = (
      await ctx.app.inject({ url: `/api/orders/${order.id}`, headers: order.shopper.headers })
    ).json<OrderResult>();
    expect(paid.status).toBe('paid');
    expect(paid.transactionId).toBeDefined();
    await ctx.settleJobs();
    expect(outbox()).toBe(emails + 1);
  });

  it('refuse an event whose signature PayPal does not confirm', async () => {
    const order = await newOrder();
    paypal.approve(order.id);
    paypal.state.capture.status = 'PENDING';
    await order.capture();
    paypal.state.verification = 'FAILURE';
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.orderId));
    const response = await webhook({
      id: 'WH-FORGED',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: row!.captureId },
    });
    expect(response.statusCode).toBe(400);
    const [after] = await ctx.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(after!.status).toBe('pending');
  });

  it("refuse a delivery without PayPal's transmission headers without asking PayPal, and limit the rest", async () => {
    const verifications = () =>
      paypal.state.requests.filter((request) => request.path === '/v1/notifications/verify-webhook-signature').length;
    const before = verifications();
    for (let i = 0; i < 20; i++) {
      const forged = await ctx.app.inject({
        method: 'POST',
        url: '/api/webhooks/paypal',
        payload: { id: `WH-FORGED-${i}`, event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAP1' } },
        remoteAddress: '198.51.100.7',
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toEqual({ message: 'The webhook signature could not be verified.' });
    }
    expect(verifications()).toBe(before);
    // With the headers, each delivery is checked with PayPal: an address sending many is stopped first.
    const statuses = [];
    for (let i = 0; i < WEBHOOKS_PER_MINUTE + 1; i++) {
      paypal.state.verification = 'FAILURE';
      statuses.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/webhooks/paypal',
            payload: { id: `WH-FORGED-SIGNED-${i}`, event_type: 'PAYMENT.CAPTURE.COMPLETED' },
            headers: WEBHOOK_HEADERS(),
            remoteAddress: '198.51.100.8',
          })
        ).statusCode,
      );
    }
    expect(statuses.filter((status) => status === 400)).toHaveLength(WEBHOOKS_PER_MINUTE);
    expect(statuses.at(-1)).toBe(429);
    expect(verifications()).toBe(before + WEBHOOKS_PER_MINUTE);
  });

  it('revoke the items of a refunded capture', async () => {
    const order = await newOrder();
    paypal.approve(order.id);
    const link = (await order.capture()).json<OrderResult>().items[0]!.downloads[0]!.link;
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.orderId));
    const refund = {
      id: 'WH-REFUND-1',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: 'REFUND1',
        links: [{ rel: 'up', href: `https://api.paypal.com/v2/payments/captures/${row!.captureId}` }],
      },
    };
    expect((await webhook(refund)).json()).toEqual({ status: 'handled' });
    expect((await ctx.app.inject({ url: link })).statusCode).toBe(410);
    // The owner's view of the order shows the refund made in PayPal's dashboard.
    const seen = (await ctx.app.inject({ url: `/api/admin/orders/${order.orderId}`, headers: await owner() })).json();
    expect(seen).toMatchObject({
      status: 'refunded',
      lines: [{ state: 'refunded' }],
      refunds: [
        { origin: 'provider', status: 'completed', providerRefundId: 'REFUND1', amount: order.item.priceCents / 100 },
      ],
    });
  });

  it("refund what the owner asks, once, with the refund's own request id; PayPal's event for it changes nothing more", async () => {
    const order = await newOrder();
    paypal.approve(order.id);
    const link = (await order.capture()).json<OrderResult>().items[0]!.downloads[0]!.link;
    const asked = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.orderId}/refunds`,
      headers: await owner(),
      payload: {},
    });
    expect(asked.statusCode).toBe(202);
    await ctx.settleJobs();
    const [refund] = await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(refund).toMatchObject({ status: 'completed', amountCents: order.item.priceCents });
    const made = paypal.state.refunds.get(`refund-${refund!.id}`);
    expect(made).toMatchObject({
      amount: (order.item.priceCents / 100).toFixed(2),
      refundId: refund!.providerRefundId,
    });
    expect((await ctx.app.inject({ url: link })).statusCode).toBe(410);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.orderId));
    const event = {
      id: `WH-${made!.refundId}`,
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: made!.refundId,
        links: [{ rel: 'up', href: `https://api.paypal.com/v2/payments/captures/${row!.captureId}` }],
      },
    };
    expect((await webhook(event)).json()).toEqual({ status: 'ignored' });
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.orderId))).toHaveLength(1);
  });

  it('leave the order as it was when PayPal refuses a refund, and the owner sees why', async () => {
    const order = await newOrder();
    paypal.approve(order.id);
    const link = (await order.capture()).json<OrderResult>().items[0]!.downloads[0]!.link;
    paypal.state.refundRefusal = 'REFUND_NOT_ALLOWED';
    const url = `/api/admin/orders/${order.orderId}`;
    await ctx.app.inject({ method: 'POST', url: `${url}/refunds`, headers: await owner(), payload: {} });
    await ctx.settleJobs();
    const seen = (await ctx.app.inject({ url, headers: await owner() })).json();
    expect(seen).toMatchObject({
      status: 'paid',
      lines: [{ state: 'held' }],
      refunds: [{ status: 'failed', failureReason: expect.stringMatching(/REFUND_NOT_ALLOWED/) }],
    });
    expect((await ctx.app.inject({ url: link })).statusCode).toBe(200);
    // Once PayPal allows it, the same line can be refunded.
    paypal.state.refundRefusal = undefined;
    await ctx.app.inject({ method: 'POST', url: `${url}/refunds`, headers: await owner(), payload: {} });
    await ctx.settleJobs();
    expect((await ctx.app.inject({ url, headers: await owner() })).json()).toMatchObject({ status: 'refunded' });
  });
});

describe('one purchase per item, with PayPal', () => {
  it('never captures a second order for an item the shopper came to own meanwhile', async () => {
    const first = await newOrder();
    // A second order for the same item, made before the first was paid (another tab, a race).
    const [second] = await ctx.db
      .insert(orders)
      .values({
        userId: first.shopper.uid,
        totalCents: first.item.priceCents,
        provider: 'paypal',
        providerOrderId: 'PAYPAL-SECOND-1',
      })
      .returning();
    await ctx.db.insert(orderLines).values({
      orderId: second!.id,
      itemId: first.item.itemId,
      name: first.item.name,
      priceCents: first.item.priceCents,
    });
    paypal.state.orders.set('PAYPAL-SECOND-1', { amount: '2.80', approved: true });
    paypal.approve(first.id);
    expect((await first.capture()).json<OrderResult>().status).toBe('paid');

    const captures = paypal.state.requests.filter((r) => r.path.endsWith('/capture')).length;
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/PAYPAL-SECOND-1/capture',
      headers: first.shopper.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`You already own these wallpapers, so nothing was charged: ${first.item.name}`);
    expect(paypal.state.requests.filter((r) => r.path.endsWith('/capture')).length).toBe(captures);
    expect((await ctx.db.select().from(orders).where(eq(orders.id, second!.id)))[0]!.status).toBe('failed');
    expect(await ctx.db.select().from(grants).where(eq(grants.itemId, first.item.itemId))).toEqual([
      expect.objectContaining({ orderId: first.orderId }),
    ]);
  });

  it('refunds through PayPal what was captured for an item the buyer already owned, tells them, and keeps the first purchase', async () => {
    const order = await newOrder();
    // While PayPal captures, the same item is granted to the buyer by another paid order.
    paypal.state.duringCapture = async () => {
      paypal.state.duringCapture = undefined;
      const [other] = await ctx.db
        .insert(orders)
        .values({ userId: order.shopper.uid, totalCents: 280, provider: 'paypal', status: 'paid', paidAt: new Date() })
        .returning();
      await ctx.db.insert(orderLines).values({
        orderId: other!.id,
        itemId: order.item.itemId,
        name: order.item.name,
        priceCents: order.item.priceCents,
      });
      await ctx.db.insert(grants).values({ userId: order.shopper.uid, itemId: order.item.itemId, orderId: other!.id });
    };
    paypal.approve(order.id);
    const paid = (await order.capture()).json<OrderResult>();
    expect(paid.status).toBe('paid');
    expect(paid.items[0]!.downloads).toEqual([]);
    await ctx.settleJobs();

    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect([...paypal.state.refunds.entries()]).toContainEqual([
      `refund-${order.orderId}`,
      { captureId: row!.captureId!, amount: (order.item.priceCents / 100).toFixed(2), refundId: expect.any(String) },
    ]);
    const refunded = (
      await ctx.app.inject({ url: `/api/orders/${order.id}`, headers: order.shopper.headers })
    ).json<OrderResult>();
    expect(refunded.refundedItemIds).toEqual([order.item.itemId]);
    const mails = fs.readdirSync(ctx.config.outboxDir).filter((name) => name.includes(order.orderId));
    expect(mails.sort()).toEqual([`refund-email-${order.orderId}.eml`]);
    expect(fs.readFileSync(`${ctx.config.outboxDir}/refund-email-${order.orderId}.eml`, 'utf8')).toMatch(
      /You already owned a wallpaper/,
    );
    // The grant stays with the order that paid first.
    const [grant] = await ctx.db
      .select()
      .from(grants)
      .where(and(eq(grants.userId, order.shopper.uid), eq(grants.itemId, order.item.itemId)));
    expect(grant!.orderId).not.toBe(order.orderId);

    // PayPal's webhook for our own refund does not end the buyer's other purchase.
    const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, order.orderId));
    const event = {
      id: 'WH-OWN-REFUND',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: line!.refundId,
        links: [{ rel: 'up', href: `https://api.paypal.com/v2/payments/captures/${row!.captureId}` }],
      },
    };
    expect((await webhook(event)).json()).toEqual({ status: 'ignored' });
    expect((await ctx.app.inject({ url: '/api/library', headers: order.shopper.headers })).json()).toEqual([
      expect.objectContaining({ itemId: order.item.itemId }),
    ]);
  });

  it('settles a pending capture by asking PayPal when no webhook comes', async () => {
    const order = await newOrder();
    paypal.approve(order.id);
    paypal.state.capture.status = 'PENDING';
    expect((await order.capture()).json<OrderResult>().status).toBe('pending');
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.orderId));
    paypal.state.captureStatus.set(row!.captureId!, 'PENDING');
    expect(await ctx.checkout.refreshPendingCaptures()).toBe(0);
    paypal.state.captureStatus.set(row!.captureId!, 'COMPLETED');
    expect(await ctx.checkout.refreshPendingCaptures()).toBe(1);
    const paid = (
      await ctx.app.inject({ url: `/api/orders/${order.id}`, headers: order.shopper.headers })
    ).json<OrderResult>();
    expect(paid.status).toBe('paid');
    expect(paid.items[0]!.downloads).toHaveLength(1);
    await ctx.settleJobs();
    expect(fs.existsSync(`${ctx.config.outboxDir}/order-email-${order.orderId}.eml`)).toBe(true);
  });
});

describe('PayPal out of reach', () => {
  it('answers 502 with a clear message when an order cannot be created, and keeps nothing open', async () => {
    const offline = await createTestContext({
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_API_BASE: 'http://127.0.0.1:9',
    });
    try {
      const item = buildItemRow({ itemId: '20261101_0000_e0000001' });
      await offline.catalogue.insert([item]);
      const shopper = await createShopper(offline);
      const response = await offline.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: shopper.headers,
        payload: { itemIds: [item.itemId] },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/PayPal could not be reached/);
      expect((await offline.db.select().from(orders)).map((o) => o.status)).toEqual(['failed']);
    } finally {
      await offline.close();
    }
  });
});
