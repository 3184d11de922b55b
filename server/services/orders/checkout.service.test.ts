import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#contract/constants.ts';
import type { PublicUser } from '#contract/users.ts';
import type { OrderLineRow, OrderRow, OrdersRepository } from '../../db/repositories/orders.repository.ts';
import type { ItemRow } from '../../db/schema.ts';
import { NO_METRICS, type Metrics, type PaymentOutcome } from '../../providers/metrics/metrics.ts';
import {
  PaymentError,
  type CaptureResult,
  type PaymentOrder,
  type PaymentProvider,
} from '../../providers/payment/payment.ts';
import { DownloadSigner } from '../../security/download-links.ts';
import { DomainError } from '../../shared/errors.ts';
import type { NewJob } from '../../shared/job-kinds.ts';
import type { JobQueue } from '../platform/job-queue.ts';
import { CheckoutService } from './checkout.service.ts';

/** The orders, lines, grants and transactions checkout writes, kept in memory (no transactions needed). */
class FakeOrders {
  orders = new Map<string, OrderRow>();
  lineRows: OrderLineRow[] = [];
  grants: { userId: string; itemId: string; orderId: string }[] = [];
  transactions: { orderId: string; transactionId: string; email: string; totalCents: number }[] = [];

  private readonly items: Map<string, ItemRow>;

  constructor(items: Map<string, ItemRow>) {
    this.items = items;
  }

  async byId(id: string) {
    return this.orders.get(id);
  }
  async byProviderOrderId(providerOrderId: string) {
    return [...this.orders.values()].find((order) => order.providerOrderId === providerOrderId);
  }
  async createReplacingUnpaid(
    order: {
      userId: string;
      totalCents: number;
      provider: 'paypal' | 'test';
      couponId: string | null;
      discountCents: number;
    },
    lines: { itemId: string; name: string; priceCents: number; discountCents: number; bundleId: string | null }[],
  ) {
    const row: OrderRow = {
      id: randomUUID(),
      status: 'created',
      currency: 'USD',
      providerOrderId: null,
      captureId: null,
      paymentData: null,
      failureReason: null,
      captureStartedAt: null,
      createdAt: new Date(),
      paidAt: null,
      ...order,
    };
    this.orders.set(row.id, row);
    this.lineRows.push(
      ...lines.map((line) => ({ ...line, orderId: row.id, refundedAt: null, refundId: null, refundRequestId: null })),
    );
    return row;
  }
  async update(id: string, set: Partial<OrderRow>) {
    this.orders.set(id, { ...this.orders.get(id)!, ...set });
  }
  async lines(orderId: string) {
    return this.lineRows.filter((line) => line.orderId === orderId);
  }
  async lockUser() {}
  async claimCapture(id: string) {
    const order = this.orders.get(id)!;
    if (order.status !== 'created') return undefined;
    await this.update(id, { status: 'capturing', captureStartedAt: new Date() });
    return this.orders.get(id);
  }
  async markPaid(id: string, capture: { captureId?: string | undefined; raw: unknown }) {
    const order = this.orders.get(id)!;
    if (order.status !== 'capturing' && order.status !== 'pending') return undefined;
    await this.update(id, { status: 'paid', paidAt: new Date(), captureId: capture.captureId ?? null });
    return this.orders.get(id);
  }
  async insertTransaction(values: { orderId: string; transactionId: string; email: string; totalCents: number }) {
    this.transactions.push(values);
  }
  async transactionIdOf(orderId: string) {
    return this.transactions.find((t) => t.orderId === orderId)?.transactionId;
  }
  async grant(userId: string, itemIds: string[], orderId: string) {
    const fresh = itemIds.filter((itemId) => !this.grants.some((g) => g.userId === userId && g.itemId === itemId));
    this.grants.push(...fresh.map((itemId) => ({ userId, itemId, orderId })));
    return fresh;
  }
  async ownedItemIds(userId: string, itemIds?: string[]) {
    return this.grants
      .filter((g) => g.userId === userId && (!itemIds || itemIds.includes(g.itemId)))
      .map((g) => g.itemId);
  }
  async itemIdsBeingPaid(userId: string, itemIds: string[], exceptOrderId?: string) {
    return this.lineRows
      .filter((line) => {
        const order = this.orders.get(line.orderId)!;
        return (
          order.userId === userId &&
          order.id !== exceptOrderId &&
          (order.status === 'capturing' || order.status === 'pending') &&
          itemIds.includes(line.itemId)
        );
      })
      .map((line) => line.itemId);
  }
  async linesWithGrants(order: OrderRow) {
    return (await this.lines(order.id)).map((line) => {
      const grant = this.grants.find((g) => g.userId === order.userId && g.itemId === line.itemId);
      return {
        item: this.items.get(line.itemId)!,
        refundedAt: null,
        grantedTo: grant?.orderId ?? null,
        revokedAt: null,
      };
    });
  }
}

/** A provider whose next capture answer the test chooses; it records what it was asked to charge. */
class ScriptedPayments implements Pick<PaymentProvider, 'name' | 'createOrder' | 'captureOrder'> {
  name: PaymentProvider['name'] = 'test';
  asked: PaymentOrder[] = [];
  createFails = false;
  nextCapture: (order: PaymentOrder) => CaptureResult | PaymentError = (order) => ({
    status: 'COMPLETED',
    captureId: `capture-${order.orderId}`,
    amountCents: order.totalCents,
    currency: order.currency,
    raw: { id: 'provider-answer' },
  });

  async createOrder(order: PaymentOrder) {
    if (this.createFails) throw new PaymentError('unavailable', 'PayPal is not answering');
    this.asked.push(order);
    return `provider-${order.orderId}`;
  }
  async captureOrder(_providerOrderId: string, orderId: string) {
    const answer = this.nextCapture(this.asked.find((order) => order.orderId === orderId)!);
    if (answer instanceof PaymentError) throw answer;
    return answer;
  }
}

const item = (itemId: string, fields: Partial<ItemRow> = {}) =>
  ({
    itemId,
    name: `Wallpaper ${itemId}`,
    priceCents: 280,
    published: true,
    freeDownload: false,
    thumbnail: 'thumb.webp',
    downloads: [{ key: `downloads/items/${itemId}/a.jpg`, name: 'a.jpg', dimensions: '1440x2560', contentType: '' }],
    ...fields,
  }) as ItemRow;

const shopper: PublicUser = { uid: 'user-1', firstName: 'Ada', email: 'ada@example.com', isAdmin: false };
const stranger: PublicUser = { uid: 'user-2', firstName: 'Bo', email: 'bo@example.com', isAdmin: false };

let items: Map<string, ItemRow>;
let orders: FakeOrders;
let payments: ScriptedPayments;
let jobs: NewJob[];
let outcomes: PaymentOutcome[];
let checkout: CheckoutService;

beforeEach(() => {
  items = new Map(
    [
      item('sunset', { priceCents: 280 }),
      item('harbour', { priceCents: 150 }),
      item('gift', { freeDownload: true }),
      item('draft', { published: false }),
    ].map((row) => [row.itemId, row]),
  );
  orders = new FakeOrders(items);
  payments = new ScriptedPayments();
  jobs = [];
  outcomes = [];
  const metrics: Metrics = { ...NO_METRICS, payment: (outcome) => void outcomes.push(outcome) };
  checkout = new CheckoutService({
    orders: orders as unknown as OrdersRepository,
    catalogue: { findRows: async (ids) => ids.flatMap((id) => items.get(id) ?? []) },
    bundles: {
      forSale: () => Promise.reject(new Error('no bundles in these tests')),
    },
    accounts: {
      contact: async (userId) =>
        userId === shopper.uid ? { email: shopper.email, firstName: 'Ada', lastName: 'Lovelace' } : undefined,
    },
    inTransaction: (work) => work(undefined as never),
    refunds: { fromProvider: async () => 'handled' },
    coupons: { price: async () => ({ discounts: new Map(), discountCents: 0 }), useRefusal: async () => undefined },
    payments: payments as unknown as PaymentProvider,
    mailer: { send: async () => {} } as never,
    jobs: { enqueue: async (job: NewJob) => void jobs.push(job) } as unknown as JobQueue,
    signer: new DownloadSigner(Buffer.alloc(32, 7)),
    captureStaleMs: 30_000,
    storeName: 'PaletteWall',
    publicUrl: 'http://store.test',
    log: { error() {}, warn() {} },
    metrics,
  });
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a refusal'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(DomainError);
      return error as DomainError;
    },
  );

describe('an order', () => {
  it('is priced from the stored items, whatever the cart said, and sent to the provider line by line', async () => {
    items.set('sunset', item('sunset', { priceCents: 399 }));
    const created = await checkout.createOrder(shopper, { itemIds: ['sunset', 'harbour', 'sunset'] });

    expect(created.totalPrice).toBe(5.49);
    expect(payments.asked).toEqual([
      {
        orderId: created.orderId,
        totalCents: 549,
        discountCents: 0,
        currency: 'USD',
        lines: [
          { itemId: 'sunset', name: 'Wallpaper sunset', priceCents: 399, discountCents: 0, bundleId: null },
          { itemId: 'harbour', name: 'Wallpaper harbour', priceCents: 150, discountCents: 0, bundleId: null },
        ],
      },
    ]);
    expect(orders.orders.get(created.orderId)).toMatchObject({ status: 'created', providerOrderId: created.id });
  });

  it('refuses unpublished, unknown and free wallpapers, and what the shopper already owns', async () => {
    expect((await refusal(checkout.createOrder(shopper, { itemIds: ['draft', 'nowhere'] }))).message).toBe(
      'These wallpapers are not for sale: draft, nowhere',
    );
    expect((await refusal(checkout.createOrder(shopper, { itemIds: ['gift'] }))).kind).toBe('invalid');
    orders.grants.push({ userId: shopper.uid, itemId: 'sunset', orderId: 'earlier' });
    const owned = await refusal(checkout.createOrder(shopper, { itemIds: ['sunset'] }));
    expect(owned).toMatchObject({ kind: 'conflict', message: 'You already own: Wallpaper sunset' });
    expect(payments.asked).toEqual([]);
  });

  it('is refused when the store takes no payments, and fails closed when the provider is down', async () => {
    payments.name = 'none';
    expect((await refusal(checkout.createOrder(shopper, { itemIds: ['sunset'] }))).message).toBe(
      ORDER_MESSAGES.paymentsClosed,
    );

    payments.name = 'test';
    payments.createFails = true;
    expect((await refusal(checkout.createOrder(shopper, { itemIds: ['sunset'] }))).kind).toBe('provider-unavailable');
    expect([...orders.orders.values()].map((order) => order.status)).toEqual(['failed']);
  });
});

describe('a capture', () => {
  it('of the exact amount pays the order, records the transaction, grants the items and queues the email', async () => {
    const { orderId, id } = await checkout.createOrder(shopper, { itemIds: ['sunset', 'harbour'] });
    const result = await checkout.capture(shopper, id);

    expect(result.status).toBe('paid');
    expect(result.items.map((line) => [line.itemId, line.downloads.length])).toEqual([
      ['sunset', 1],
      ['harbour', 1],
    ]);
    expect(result.items[0]!.downloads[0]!.link).toMatch(/^\/api\/downloads\/[\w-]+\.[\w-]+$/);
    expect(orders.transactions).toEqual([expect.objectContaining({ orderId, email: shopper.email, totalCents: 430 })]);
    expect(orders.grants.map((g) => g.itemId)).toEqual(['sunset', 'harbour']);
    expect(jobs.map((job) => job.kind)).toEqual(['order-email']);
    expect(outcomes).toEqual(['paid']);
  });

  it('of another amount grants nothing and fails the order', async () => {
    const { orderId, id } = await checkout.createOrder(shopper, { itemIds: ['sunset'] });
    payments.nextCapture = (order) => ({
      status: 'COMPLETED',
      amountCents: order.totalCents - 1,
      currency: 'USD',
      raw: {},
    });

    expect((await refusal(checkout.capture(shopper, id))).message).toBe(ORDER_MESSAGES.amountMismatch);
    expect(orders.orders.get(orderId)).toMatchObject({ status: 'failed', failureReason: 'amount mismatch' });
    expect(orders.grants).toEqual([]);
    expect(jobs).toEqual([]);
  });

  it('that the provider declines fails the order; one it cannot reach leaves the order to try again', async () => {
    const declined = await checkout.createOrder(shopper, { itemIds: ['sunset'] });
    payments.nextCapture = () => ({ status: 'DECLINED', raw: {} });
    expect((await refusal(checkout.capture(shopper, declined.id))).kind).toBe('payment-declined');
    expect(orders.orders.get(declined.orderId)!.status).toBe('failed');

    const unreachable = await checkout.createOrder(shopper, { itemIds: ['harbour'] });
    payments.nextCapture = () => new PaymentError('unavailable', 'PayPal is not answering');
    expect((await refusal(checkout.capture(shopper, unreachable.id))).kind).toBe('provider-unavailable');
    expect(orders.orders.get(unreachable.orderId)).toMatchObject({ status: 'created', captureStartedAt: null });
    expect(orders.grants).toEqual([]);
  });

  it('is only for the order’s own buyer, and a paid order captured again charges nothing more', async () => {
    const { id } = await checkout.createOrder(shopper, { itemIds: ['sunset'] });
    expect((await refusal(checkout.capture(stranger, id))).message).toBe(ORDER_MESSAGES.notYours);

    await checkout.capture(shopper, id);
    payments.nextCapture = () => expect.fail('the provider is not asked twice');
    expect((await checkout.capture(shopper, id)).status).toBe('paid');
    expect(orders.transactions).toHaveLength(1);
  });

  it('of an order holding an item bought meanwhile through another order is refused before any charge', async () => {
    const first = await checkout.createOrder(shopper, { itemIds: ['sunset', 'harbour'] });
    const second = await checkout.createOrder(shopper, { itemIds: ['sunset'] });
    await checkout.capture(shopper, second.id);
    payments.nextCapture = () => expect.fail('nothing is charged');

    const refused = await refusal(checkout.capture(shopper, first.id));
    expect(refused.message).toBe(`${ORDER_MESSAGES.ownedAlready}: Wallpaper sunset`);
    expect(orders.orders.get(first.orderId)!.status).toBe('failed');
  });
});
