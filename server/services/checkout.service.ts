import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { timestampId } from '../../contract/ids.ts';
import { centsToDollars } from '../../contract/money.ts';
import type { LibraryEntry, OrderResult, PurchasedItem } from '../../contract/orders.ts';
import { ORDER_MESSAGES } from '../../contract/constants.ts';
import type { PublicUser } from '../../contract/users.ts';
import type { Database } from '../db/client.ts';
import { grants, itemColumns, items, orderLines, orders, transactions, users, webhookEvents, type ItemRow } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import type { Mailer } from '../providers/email/mailer.ts';
import { PaymentError, type CaptureResult, type PaymentProvider, type WebhookEvent } from '../providers/payment/payment.ts';
import type { DownloadSigner } from '../security/download-links.ts';
import { orderEmail } from './emails.ts';

/** Links in the order email and on the success page last a week; the account can always make new ones. */
const LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a second capture request waits for the first to finish. */
const CAPTURE_WAIT_MS = 20_000;

type OrderRow = typeof orders.$inferSelect;

interface CheckoutDependencies {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  signer: DownloadSigner;
  storeName: string;
  publicUrl: string;
  log: { error(details: object, message: string): void };
}

/**
 * Orders, their capture, the transaction record, what users own and their download links.
 * Prices come from the items table; provider calls and emails happen outside transactions.
 */
export class CheckoutService {
  private readonly deps: CheckoutDependencies;

  constructor(deps: CheckoutDependencies) {
    this.deps = deps;
  }

  get provider(): 'paypal' | 'test' {
    return this.deps.payments.name;
  }

  async createOrder(user: PublicUser, itemIds: string[]): Promise<{ id: string; orderId: string; totalPrice: number; provider: 'paypal' | 'test' }> {
    const wanted = [...new Set(itemIds)];
    const rows = await this.deps.db.select(itemColumns).from(items).where(inArray(items.itemId, wanted));
    const byId = new Map(rows.map((row) => [row.itemId, row]));
    const missing = wanted.filter((id) => !byId.get(id)?.published);
    if (missing.length) throw new HttpError(400, `These wallpapers are not for sale: ${missing.join(', ')}`);
    const free = wanted.filter((id) => byId.get(id)!.freeDownload);
    if (free.length) throw new HttpError(400, `These wallpapers are free to download and cannot be bought: ${free.join(', ')}`);
    const owned = await this.ownedIds(user.uid, wanted);
    if (owned.length) throw new HttpError(400, `You already own: ${owned.map((id) => byId.get(id)!.name).join(', ')}`);

    const lines = wanted.map((id) => ({ itemId: id, name: byId.get(id)!.name, priceCents: byId.get(id)!.priceCents }));
    const totalCents = lines.reduce((sum, line) => sum + line.priceCents, 0);
    const [order] = await this.deps.db.transaction(async (tx) => {
      const created = await tx.insert(orders).values({ userId: user.uid, totalCents, provider: this.provider }).returning();
      await tx.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: created[0]!.id })));
      return created;
    });
    let providerOrderId: string;
    try {
      providerOrderId = await this.deps.payments.createOrder({ orderId: order!.id, totalCents, currency: 'USD', lines });
    } catch (error) {
      await this.deps.db.update(orders).set({ status: 'failed', failureReason: 'provider order not created' }).where(eq(orders.id, order!.id));
      throw error instanceof PaymentError ? new HttpError(502, error.message) : error;
    }
    await this.deps.db.update(orders).set({ providerOrderId }).where(eq(orders.id, order!.id));
    return { id: providerOrderId, orderId: order!.id, totalPrice: centsToDollars(totalCents), provider: this.provider };
  }

  /**
   * Captures a provider order for its owner. Idempotent: the first request claims the order
   * (created → capturing); any other, concurrent or later, waits for that one and answers the
   * same. Only a COMPLETED capture of the exact amount and currency grants anything.
   */
  async capture(user: PublicUser, providerOrderId: string): Promise<OrderResult> {
    const order = await this.orderByProviderId(providerOrderId);
    if (order.userId !== user.uid) throw new HttpError(403, ORDER_MESSAGES.notYours);
    const [claimed] = await this.deps.db
      .update(orders)
      .set({ status: 'capturing' })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'created')))
      .returning();
    if (!claimed) return this.result(await this.settled(order.id));

    let capture: CaptureResult;
    try {
      capture = await this.deps.payments.captureOrder(providerOrderId, order.id);
    } catch (error) {
      // Nothing was taken: the order can be tried again (PayPal's buttons retry after approval).
      await this.deps.db.update(orders).set({ status: 'created' }).where(eq(orders.id, order.id));
      if (error instanceof PaymentError) throw new HttpError({ unavailable: 502, declined: 402, 'not-approved': 409, 'unknown-order': 409 }[error.reason], error.message);
      throw error;
    }

    if (capture.status === 'COMPLETED' || capture.status === 'PENDING') {
      if (capture.amountCents !== order.totalCents || capture.currency !== order.currency) {
        await this.fail(order.id, capture, 'amount mismatch');
        this.deps.log.error({ orderId: order.id, expected: order.totalCents, captured: capture.amountCents, currency: capture.currency }, 'captured amount differs from the order');
        throw new HttpError(409, ORDER_MESSAGES.amountMismatch);
      }
    }
    if (capture.status === 'COMPLETED') {
      await this.complete(order.id, capture);
      await this.sendOrderEmail(order.id);
    } else if (capture.status === 'PENDING') {
      await this.deps.db
        .update(orders)
        .set({ status: 'pending', captureId: capture.captureId, paymentData: capture.raw })
        .where(eq(orders.id, order.id));
    } else {
      await this.fail(order.id, capture, capture.status.toLowerCase());
      throw new HttpError(402, ORDER_MESSAGES.declined);
    }
    return this.result(await this.orderById(order.id));
  }

  /** The success page's confirmation: the caller's own captured order; sends the email if it has not gone. */
  async confirmTransaction(user: PublicUser, transactionId: string): Promise<OrderResult> {
    const [row] = await this.deps.db.select({ orderId: transactions.orderId }).from(transactions).where(eq(transactions.transactionId, transactionId));
    const order = row && (await this.orderById(row.orderId));
    if (!order || order.userId !== user.uid) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
    await this.sendOrderEmail(order.id);
    return this.result(order);
  }

  async orderFor(user: PublicUser, providerOrderId: string): Promise<OrderResult> {
    const order = await this.orderByProviderId(providerOrderId);
    if (order.userId !== user.uid) throw new HttpError(403, ORDER_MESSAGES.notYours);
    return this.result(order);
  }

  /** Every item the user owns, newest purchase first, with fresh download links. */
  async library(user: PublicUser): Promise<LibraryEntry[]> {
    const rows = await this.deps.db
      .select({ item: itemColumns, orderId: grants.orderId, grantedAt: grants.grantedAt })
      .from(grants)
      .innerJoin(items, eq(items.itemId, grants.itemId))
      .where(and(eq(grants.userId, user.uid), isNull(grants.revokedAt)))
      .orderBy(grants.grantedAt);
    return rows.reverse().map((row) => ({ ...this.purchased(row.item, row.orderId), orderId: row.orderId, purchasedAt: row.grantedAt.toISOString() }));
  }

  /**
   * Checks a download token and that the purchase still stands (a refund revokes it). Returns
   * the file to send.
   */
  async download(token: string): Promise<{ key: string; name: string }> {
    const check = this.deps.signer.check(token);
    if (!check.ok) throw new HttpError(check.reason === 'expired' ? 410 : 403, check.reason === 'expired' ? ORDER_MESSAGES.linkExpired : ORDER_MESSAGES.linkForged);
    const { orderId, itemId, file } = check.claim;
    const [row] = await this.deps.db
      .select({ item: itemColumns, revokedAt: grants.revokedAt })
      .from(grants)
      .innerJoin(orders, eq(orders.id, grants.orderId))
      .innerJoin(items, eq(items.itemId, grants.itemId))
      .where(and(eq(grants.orderId, orderId), eq(grants.itemId, itemId), eq(grants.userId, orders.userId)));
    if (!row) throw new HttpError(403, ORDER_MESSAGES.linkForged);
    if (row.revokedAt) throw new HttpError(410, ORDER_MESSAGES.refunded);
    const stored = row.item.downloads[file];
    if (!stored) throw new HttpError(404, 'This wallpaper has no such file.');
    return { key: stored.key, name: stored.name };
  }

  /** A genuine provider event: completes pending captures, revokes refunded ones. Duplicates do nothing. */
  async handleWebhook(event: WebhookEvent): Promise<'handled' | 'duplicate' | 'ignored'> {
    const [fresh] = await this.deps.db.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
    if (!fresh) return 'duplicate';
    const match = [event.captureId && eq(orders.captureId, event.captureId), event.orderId && eq(orders.id, event.orderId)].filter((c) => c !== undefined && c !== '');
    if (!match.length) return 'ignored';
    const [order] = await this.deps.db.select().from(orders).where(or(...(match as ReturnType<typeof eq>[])));
    if (!order) return 'ignored';
    if (event.type === 'PAYMENT.CAPTURE.COMPLETED' && order.status === 'pending') {
      await this.complete(order.id, { status: 'COMPLETED', captureId: event.captureId ?? order.captureId ?? undefined, raw: order.paymentData });
      await this.sendOrderEmail(order.id);
      return 'handled';
    }
    if (event.type === 'PAYMENT.CAPTURE.REFUNDED') {
      await this.deps.db.transaction(async (tx) => {
        await tx.update(grants).set({ revokedAt: new Date() }).where(and(eq(grants.orderId, order.id), isNull(grants.revokedAt)));
        await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, order.id));
      });
      return 'handled';
    }
    return 'ignored';
  }

  async ownedIds(userId: string, itemIds?: string[]): Promise<string[]> {
    const rows = await this.deps.db
      .select({ itemId: grants.itemId })
      .from(grants)
      .where(and(eq(grants.userId, userId), isNull(grants.revokedAt), itemIds ? inArray(grants.itemId, itemIds) : undefined));
    return rows.map((row) => row.itemId);
  }

  /** One transaction: the order is paid, the transaction record written and the items granted. */
  private async complete(orderId: string, capture: CaptureResult): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const [order] = await tx
        .update(orders)
        .set({ status: 'paid', paidAt: new Date(), captureId: capture.captureId, paymentData: capture.raw })
        .where(and(eq(orders.id, orderId), inArray(orders.status, ['capturing', 'pending'])))
        .returning();
      if (!order) return;
      const [buyer] = await tx.select().from(users).where(eq(users.id, order.userId));
      const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
      await tx.insert(transactions).values({
        transactionId: timestampId(),
        orderId,
        email: buyer!.email,
        firstName: buyer!.firstName,
        lastName: buyer!.lastName,
        detail: lines.map((line) => ({ itemId: line.itemId, name: line.name, price: centsToDollars(line.priceCents), quantity: 1 })),
        payment: order.provider,
        paymentData: capture.raw ?? {},
        tax: 0,
        totalCents: order.totalCents,
        totalCount: lines.length,
        reserved: {},
      });
      await tx
        .insert(grants)
        .values(lines.map((line) => ({ userId: order.userId, itemId: line.itemId, orderId })))
        .onConflictDoUpdate({ target: [grants.userId, grants.itemId], set: { orderId, revokedAt: null, grantedAt: new Date() } });
    });
  }

  private async fail(orderId: string, capture: CaptureResult, reason: string): Promise<void> {
    await this.deps.db.update(orders).set({ status: 'failed', failureReason: reason, paymentData: capture.raw }).where(eq(orders.id, orderId));
  }

  /** Sends the order email once per order: the claim on email_sent_at decides who sends. */
  private async sendOrderEmail(orderId: string): Promise<void> {
    const [claimed] = await this.deps.db
      .update(orders)
      .set({ emailSentAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'paid'), isNull(orders.emailSentAt)))
      .returning();
    if (!claimed) return;
    const result = await this.result(claimed);
    const [buyer] = await this.deps.db.select().from(users).where(eq(users.id, claimed.userId));
    try {
      const absolute = result.items.map((item) => ({ ...item, downloads: item.downloads.map((d) => ({ ...d, link: `${this.deps.publicUrl}${d.link}` })) }));
      await this.deps.mailer.send(orderEmail(this.deps.storeName, buyer!.email, buyer!.firstName, result.transactionId!, absolute, result.totalPrice, this.deps.publicUrl));
    } catch (error) {
      this.deps.log.error({ err: error, orderId }, 'order email failed');
      // The success page's confirmation will try again.
      await this.deps.db.update(orders).set({ emailSentAt: null }).where(eq(orders.id, orderId));
    }
  }

  /** Waits while another request is capturing this order, then returns it. */
  private async settled(orderId: string): Promise<OrderRow> {
    const deadline = Date.now() + CAPTURE_WAIT_MS;
    for (;;) {
      const order = await this.orderById(orderId);
      if (order.status !== 'capturing' || Date.now() > deadline) return order;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async result(order: OrderRow): Promise<OrderResult> {
    const [transaction] = await this.deps.db.select({ id: transactions.transactionId }).from(transactions).where(eq(transactions.orderId, order.id));
    const lines = await this.deps.db
      .select({ item: itemColumns })
      .from(orderLines)
      .innerJoin(items, eq(items.itemId, orderLines.itemId))
      .where(eq(orderLines.orderId, order.id));
    const paid = order.status === 'paid';
    return {
      id: order.providerOrderId ?? order.id,
      orderId: order.id,
      status: order.status,
      ...(transaction && { transactionId: transaction.id }),
      totalPrice: centsToDollars(order.totalCents),
      currency: 'USD',
      ...(order.paymentData !== null && { paymentData: order.paymentData }),
      items: lines.map((line) => {
        const purchased = this.purchased(line.item, order.id);
        return paid ? purchased : { ...purchased, downloads: [] };
      }),
    };
  }

  private purchased(item: ItemRow, orderId: string): PurchasedItem {
    const expiresAt = new Date(Date.now() + LINK_TTL_MS);
    return {
      itemId: item.itemId,
      name: item.name,
      price: centsToDollars(item.priceCents),
      thumbnail: item.thumbnail,
      downloads: item.downloads.map((file, index) => ({
        name: file.name,
        dimensions: file.dimensions,
        link: `/api/downloads/${this.deps.signer.sign({ orderId, itemId: item.itemId, file: index, expiresAt })}`,
      })),
    };
  }

  private async orderByProviderId(providerOrderId: string): Promise<OrderRow> {
    const [order] = await this.deps.db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
    if (!order) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
    return order;
  }

  private async orderById(orderId: string): Promise<OrderRow> {
    const [order] = await this.deps.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new HttpError(404, ORDER_MESSAGES.orderNotFound);
    return order;
  }
}
