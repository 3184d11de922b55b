import { CURRENCY, ORDER_MESSAGES } from '#contract/constants.ts';
import { TAX } from '../../shared/constants.ts';
import { ORDER_ID_PATTERN, timestampId } from '#contract/ids.ts';
import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import type { Quote } from '#contract/coupons.ts';
import type { CreateOrderResult, LibraryEntry, OrderResult, Purchase, PurchasedItem } from '#contract/orders.ts';
import { BUNDLE_MESSAGES, bundleShares } from '#contract/bundles.ts';
import type { PublicUser } from '#contract/users.ts';
import type { OrderRow, OrdersRepository } from '../../db/repositories/orders.repository.ts';
import type { RunInTransaction } from '../../db/repositories/transactions.ts';
import type { ItemRow } from '../../db/schema.ts';
import type { Mailer } from '../../providers/email/mailer.ts';
import {
  PaymentError,
  type CaptureResult,
  type PaymentProvider,
  type WebhookEvent,
} from '../../providers/payment/payment.ts';
import type { DownloadSigner } from '../../security/download-links.ts';
import type { Metrics } from '../../providers/metrics/metrics.ts';
import { DomainError } from '../../shared/errors.ts';
import { jobKeys } from '../../shared/job-kinds.ts';
import { orderEmail } from '../accounts/emails.ts';
import type { RefundsService } from './refunds.service.ts';
import type { CouponsService } from './coupons.service.ts';
import type { JobQueue } from '../platform/job-queue.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { BundlesService } from '../catalogue/bundles.service.ts';

/** Links in the order email and on the success page last a week; the account can always make new ones. */
const LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a second capture request waits for the first to finish before answering the state it sees. */
const CAPTURE_WAIT_MS = 10_000;

type Claim =
  | { kind: 'claimed'; order: OrderRow }
  | { kind: 'busy' }
  | { kind: 'settled' }
  | { kind: 'owned'; names: string[] }
  | { kind: 'coupon'; refusal: string };

interface CheckoutDependencies {
  orders: OrdersRepository;
  /** Items and accounts belong to their services: checkout reads prices and buyers through them. */
  catalogue: Pick<CatalogueService, 'findRows'>;
  bundles: Pick<BundlesService, 'forSale'>;
  accounts: Pick<AccountsService, 'contact'>;
  inTransaction: RunInTransaction;
  refunds: Pick<RefundsService, 'fromProvider'>;
  coupons: Pick<CouponsService, 'price' | 'useRefusal'>;
  payments: PaymentProvider;
  mailer: Mailer;
  jobs: JobQueue;
  signer: DownloadSigner;
  /** A capture older than this was cut off (the process died): a retry or the worker finishes it. */
  captureStaleMs: number;
  storeName: string;
  publicUrl: string;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
  metrics: Metrics;
}

/**
 * Orders, their capture, the transaction record, what users own and their download links
 * (decisions 008, 016 and 019). Prices come from the items; provider calls happen outside
 * transactions; emails and refunds are jobs written with the state they follow (refunds are
 * RefundsService's).
 */
export class CheckoutService {
  private readonly deps: CheckoutDependencies;

  constructor(deps: CheckoutDependencies) {
    this.deps = deps;
  }

  /**
   * A new order for items (and a bundle's items) the user neither owns nor is paying for right
   * now, priced by the server with the coupon if one is given. It replaces (cancels) the user's
   * unpaid orders that hold any of the same items, so the shopper can always start again, and the
   * old order can no longer be captured. An order the coupon makes free is completed at once,
   * with no provider.
   */
  async createOrder(user: PublicUser, purchase: Purchase): Promise<CreateOrderResult> {
    const provider = this.deps.payments.name;
    if (provider === 'none') throw new DomainError('unavailable', ORDER_MESSAGES.paymentsClosed);
    const { lines, totalCents, discountCents, couponId } = await this.priceOrder(user, purchase);
    const order = await this.deps.inTransaction((tx) =>
      this.deps.orders.createReplacingUnpaid(
        { userId: user.uid, totalCents, provider, couponId, discountCents },
        lines,
        tx,
      ),
    );
    if (totalCents === 0) return this.completeFree(order);
    let providerOrderId: string;
    try {
      providerOrderId = await this.deps.payments.createOrder({
        orderId: order.id,
        totalCents,
        discountCents,
        currency: CURRENCY,
        lines,
      });
    } catch (error) {
      await this.deps.orders.update(order.id, { status: 'failed', failureReason: 'provider order not created' });
      throw error instanceof PaymentError ? new DomainError('provider-unavailable', error.message) : error;
    }
    await this.deps.orders.update(order.id, { providerOrderId });
    return {
      orderId: order.id,
      providerOrderId,
      id: providerOrderId,
      totalPrice: centsToDollars(totalCents),
      provider,
    };
  }

  /** What the payment page shows before paying: the purchase's price with the coupon, as an order would have it. */
  async quote(user: PublicUser, purchase: Purchase): Promise<Quote> {
    const { lines, totalCents, discountCents, coupon, description } = await this.priceOrder(user, purchase);
    return {
      subtotal: centsToDollars(lines.reduce((sum, line) => sum + line.priceCents, 0)),
      discount: centsToDollars(discountCents),
      total: centsToDollars(totalCents),
      ...(coupon && description && { coupon: { code: coupon.code, description } }),
    };
  }

  /**
   * The lines of an order, refused when one cannot be bought by this user now, and its coupon's
   * discount. A bundle's items come at their shares of its price; those the user owns are left
   * out (decision 045).
   */
  private async priceOrder(user: PublicUser, purchase: Purchase) {
    const singles = [...new Set(purchase.itemIds ?? [])];
    const bundle = purchase.bundleId ? await this.deps.bundles.forSale(purchase.bundleId) : undefined;
    const inBundle = new Set(bundle?.items.map((item) => item.itemId));
    // The bundle's rows came with it; only the other items are read.
    const others = singles.filter((id) => !inBundle.has(id));
    const rows = [...(bundle?.items ?? []), ...(others.length ? await this.deps.catalogue.findRows(others) : [])];
    const byId = new Map(rows.map((row) => [row.itemId, row]));
    const wanted = [...others, ...inBundle];
    const names = (ids: string[]) => ids.map((id) => byId.get(id)!.name).join(', ');
    const missing = wanted.filter((id) => !byId.get(id)?.published);
    if (missing.length) throw new DomainError('invalid', `These wallpapers are not for sale: ${missing.join(', ')}`);
    const free = wanted.filter((id) => byId.get(id)!.freeDownload);
    if (free.length)
      throw new DomainError(
        'invalid',
        `These wallpapers are free to download and cannot be bought: ${free.join(', ')}`,
      );
    const doubled = singles.filter((id) => inBundle.has(id));
    if (doubled.length) throw new DomainError('conflict', `These wallpapers are in the bundle too: ${names(doubled)}`);
    const owned = new Set(await this.deps.orders.ownedItemIds(user.uid, wanted));
    const ownedSingles = singles.filter((id) => owned.has(id));
    if (ownedSingles.length) throw new DomainError('conflict', `You already own: ${names(ownedSingles)}`);
    if (bundle && bundle.items.every((item) => owned.has(item.itemId)))
      throw new DomainError('conflict', BUNDLE_MESSAGES.allOwned);
    const toBuy = wanted.filter((id) => !owned.has(id));
    const underWay = await this.deps.orders.itemIdsBeingPaid(user.uid, toBuy);
    if (underWay.length) throw new DomainError('conflict', `${ORDER_MESSAGES.inProgress}: ${names(underWay)}`);

    const shares = new Map<string, number>();
    if (bundle) {
      const cents = bundleShares(
        bundle.priceCents,
        bundle.items.map((item) => byId.get(item.itemId)!.priceCents),
      );
      bundle.items.forEach((item, index) => shares.set(item.itemId, cents[index]!));
    }
    // Each row at the price this order asks for it, so a coupon takes its share off that.
    const priced = toBuy.map((id) => ({ ...byId.get(id)!, priceCents: shares.get(id) ?? byId.get(id)!.priceCents }));
    const { coupon, description, discounts, discountCents } = await this.deps.coupons.price(
      purchase.coupon,
      priced,
      user.uid,
    );
    const lines = priced.map((row) => ({
      itemId: row.itemId,
      name: row.name,
      priceCents: row.priceCents,
      discountCents: discounts.get(row.itemId) ?? 0,
      bundleId: shares.has(row.itemId) ? bundle!.id : null,
    }));
    const totalCents = lines.reduce((sum, line) => sum + line.priceCents, 0) - discountCents;
    return { lines, totalCents, discountCents, coupon, description, couponId: coupon?.id ?? null };
  }

  /** An order its coupon made free: claimed (the coupon's use taken) and completed without a provider. */
  private async completeFree(order: OrderRow): Promise<CreateOrderResult> {
    const providerOrderId = `FREE-${order.id}`;
    await this.deps.orders.update(order.id, { providerOrderId });
    const claim = await this.claimCapture({ ...order, providerOrderId });
    if (claim.kind === 'owned')
      throw new DomainError('conflict', `${ORDER_MESSAGES.ownedAlready}: ${claim.names.join(', ')}`);
    if (claim.kind === 'coupon') throw new DomainError('conflict', claim.refusal);
    await this.complete(order.id, { status: 'COMPLETED', raw: { free: true } });
    return {
      orderId: order.id,
      providerOrderId,
      id: providerOrderId,
      totalPrice: 0,
      provider: order.provider,
    };
  }

  /**
   * Captures a provider order for its owner. The first request claims the order (created →
   * capturing); a concurrent one waits for it and answers the same; a retry of a capture cut
   * off by a crash finishes it. An item the buyer owned meanwhile is never charged for: the
   * order fails before the provider is asked. Only a COMPLETED capture of the exact amount and
   * currency grants anything.
   */
  async capture(user: PublicUser, orderRef: string): Promise<OrderResult> {
    const order = await this.orderByRef(orderRef);
    if (order.userId !== user.uid) throw new DomainError('forbidden', ORDER_MESSAGES.notYours);
    if (order.status === 'cancelled') throw new DomainError('conflict', ORDER_MESSAGES.replaced);
    const claim = await this.claimCapture(order);
    if (claim.kind === 'owned')
      throw new DomainError('conflict', `${ORDER_MESSAGES.ownedAlready}: ${claim.names.join(', ')}`);
    if (claim.kind === 'coupon') throw new DomainError('conflict', claim.refusal);
    if (claim.kind === 'busy') return this.result(await this.settled(order.id));
    if (claim.kind === 'settled') return this.result(await this.orderById(order.id));
    return this.finishCapture(claim.order);
  }

  /**
   * Captures that a crash cut off, finished through the provider's idempotent capture; `all`
   * takes every one when no other process can be capturing (the embedded database at start).
   */
  async recoverCaptures(options: { all: boolean }): Promise<number> {
    const stale = await this.deps.orders.capturing(
      options.all ? undefined : new Date(Date.now() - this.deps.captureStaleMs),
    );
    let recovered = 0;
    for (const order of stale) {
      const claim = await this.claimCapture(order, options.all);
      if (claim.kind !== 'claimed') continue;
      await this.finishCapture(claim.order).then(
        () => recovered++,
        (error: unknown) =>
          this.deps.log.warn({ err: error, orderId: order.id }, 'capture recovery failed; the next round tries again'),
      );
    }
    return recovered;
  }

  /** Pending captures asked about again, for when no webhook tells: completed ones are granted, failed ones end. */
  async refreshPendingCaptures(): Promise<number> {
    let settled = 0;
    for (const order of await this.deps.orders.pendingWithCapture()) {
      try {
        const capture = await this.deps.payments.captureStatus(order.captureId!);
        if (capture.status === 'COMPLETED') await this.complete(order.id, { ...capture, raw: order.paymentData });
        else if (capture.status !== 'PENDING') await this.fail(order.id, capture, capture.status.toLowerCase());
        if (capture.status !== 'PENDING') settled++;
      } catch (error) {
        this.deps.log.warn({ err: error, orderId: order.id }, 'pending capture could not be checked');
      }
    }
    return settled;
  }

  /** The success page's confirmation: the caller's own captured order; its email is queued again if it failed. */
  async confirmTransaction(user: PublicUser, transactionId: string): Promise<OrderResult> {
    const orderId = await this.deps.orders.orderIdOfTransaction(transactionId);
    const order = orderId && (await this.deps.orders.byId(orderId));
    if (!order || order.userId !== user.uid) throw new DomainError('not-found', ORDER_MESSAGES.orderNotFound);
    if (order.status === 'paid')
      await this.deps.jobs.ensure({
        kind: 'order-email',
        key: jobKeys.orderEmail(order.id),
        payload: { orderId: order.id },
      });
    return this.result(order);
  }

  async orderFor(user: PublicUser, orderRef: string): Promise<OrderResult> {
    const order = await this.orderByRef(orderRef);
    if (order.userId !== user.uid) throw new DomainError('forbidden', ORDER_MESSAGES.notYours);
    return this.result(order);
  }

  /** Every item the user owns, newest purchase first, with fresh download links. */
  async library(user: PublicUser): Promise<LibraryEntry[]> {
    const rows = await this.deps.orders.library(user.uid);
    return rows.reverse().map((row) => ({
      ...this.purchased(row.item, row.orderId),
      orderId: row.orderId,
      purchasedAt: row.grantedAt.toISOString(),
    }));
  }

  /** A signed link to one file of an item the user holds, valid until `expiresAt`; undefined when they do not hold it. */
  async heldFileLink(userId: string, itemId: string, file: number, expiresAt: Date): Promise<string | undefined> {
    const orderId = await this.deps.orders.heldThrough(userId, itemId);
    return orderId && `/api/downloads/${this.deps.signer.sign({ orderId, itemId, file, expiresAt })}`;
  }

  /**
   * Checks a download token and that the purchase still stands (a refund revokes it). Returns
   * the file to send.
   */
  async download(token: string): Promise<{ key: string; name: string; itemId: string }> {
    const check = this.deps.signer.check(token);
    if (!check.ok) {
      throw check.reason === 'expired'
        ? new DomainError('gone', ORDER_MESSAGES.linkExpired)
        : new DomainError('forbidden', ORDER_MESSAGES.linkForged);
    }
    const { orderId, itemId, file } = check.claim;
    const grant = await this.deps.orders.grantOf(orderId, itemId);
    if (!grant) throw new DomainError('forbidden', ORDER_MESSAGES.linkForged);
    if (grant.revokedAt) throw new DomainError('gone', ORDER_MESSAGES.refunded);
    const stored = grant.item.downloads[file];
    if (!stored) throw new DomainError('not-found', 'This wallpaper has no such file.');
    return { key: stored.key, name: stored.name, itemId };
  }

  /** A genuine provider event: completes pending captures, hands refunds to RefundsService. Duplicates do nothing. */
  async handleWebhook(event: WebhookEvent): Promise<'handled' | 'duplicate' | 'ignored'> {
    if (!(await this.deps.orders.recordWebhookEvent(event.id, event.type))) return 'duplicate';
    const order = await this.deps.orders.byCaptureOrId(event.captureId, event.orderId);
    if (!order) return 'ignored';
    if (event.type === 'PAYMENT.CAPTURE.COMPLETED' && order.status === 'pending') {
      await this.complete(order.id, {
        status: 'COMPLETED',
        captureId: event.captureId ?? order.captureId ?? undefined,
        raw: order.paymentData,
      });
      return 'handled';
    }
    if (event.type === 'PAYMENT.CAPTURE.REFUNDED') return this.deps.refunds.fromProvider(order, event.refundId);
    return 'ignored';
  }

  ownedIds(userId: string, itemIds?: string[]): Promise<string[]> {
    return this.deps.orders.ownedItemIds(userId, itemIds);
  }

  /** The order email's job: the paid order's files with fresh links, to its buyer. */
  async sendOrderEmail(orderId: string, messageId: string): Promise<void> {
    const order = await this.orderById(orderId);
    if (order.status !== 'paid') return;
    const result = await this.result(order);
    const granted = result.items.filter((item) => item.downloads.length);
    const buyer = await this.deps.accounts.contact(order.userId);
    if (!granted.length || !buyer) return;
    const absolute = granted.map((item) => ({
      ...item,
      downloads: item.downloads.map((d) => ({ ...d, link: `${this.deps.publicUrl}${d.link}` })),
    }));
    const total = centsToDollars(granted.reduce((sum, item) => sum + dollarsToCents(item.price), 0));
    await this.deps.mailer.send({
      ...orderEmail(
        this.deps.storeName,
        buyer.email,
        buyer.firstName,
        result.transactionId!,
        absolute,
        total,
        this.deps.publicUrl,
      ),
      id: messageId,
    });
  }

  /**
   * Claims an order for capture, one claim at a time per shopper (their user row is locked):
   * refused when an item is already owned or being paid through another order, or its coupon
   * has no use left (the coupon's row is locked too); a capture in
   * `capturing` is taken over when it is stale (or `takeOver` says no one else can hold it).
   */
  private claimCapture(order: OrderRow, takeOver = false): Promise<Claim> {
    return this.deps.inTransaction(async (tx): Promise<Claim> => {
      await this.deps.orders.lockUser(order.userId, tx);
      const lines = await this.deps.orders.lines(order.id, tx);
      const current = await this.deps.orders.byId(order.id, tx);
      if (current!.status === 'created') {
        const itemIds = lines.map((line) => line.itemId);
        const taken = new Set([
          ...(await this.deps.orders.ownedItemIds(order.userId, itemIds, tx)),
          ...(await this.deps.orders.itemIdsBeingPaid(order.userId, itemIds, order.id, tx)),
        ]);
        if (taken.size) {
          await this.deps.orders.update(order.id, { status: 'failed', failureReason: 'already owned' }, tx);
          return { kind: 'owned', names: lines.filter((line) => taken.has(line.itemId)).map((line) => line.name) };
        }
        // The coupon's row stays locked until this claim commits: its uses are taken one at a time.
        const refusal =
          current!.couponId &&
          (await this.deps.coupons.useRefusal({ id: order.id, userId: order.userId, couponId: current!.couponId }, tx));
        if (refusal) {
          await this.deps.orders.update(order.id, { status: 'failed', failureReason: refusal }, tx);
          return { kind: 'coupon', refusal };
        }
      }
      const claimed = await this.deps.orders.claimCapture(
        order.id,
        takeOver ? undefined : new Date(Date.now() - this.deps.captureStaleMs),
        tx,
      );
      if (claimed) return { kind: 'claimed', order: claimed };
      return current!.status === 'capturing' ? { kind: 'busy' } : { kind: 'settled' };
    });
  }

  /** Asks the provider to capture a claimed order, and records what it says. */
  private async finishCapture(order: OrderRow): Promise<OrderResult> {
    let capture: CaptureResult;
    try {
      capture = await this.deps.payments.captureOrder(order.providerOrderId!, order.id);
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      // Nothing was taken: the order can be tried again (PayPal's buttons retry after approval).
      await this.deps.orders.update(order.id, { status: 'created', captureStartedAt: null });
      this.deps.metrics.payment(error.reason === 'declined' ? 'declined' : 'unavailable');
      const kinds = {
        unavailable: 'provider-unavailable',
        declined: 'payment-declined',
        'not-approved': 'conflict',
        'unknown-order': 'conflict',
      } as const;
      throw new DomainError(kinds[error.reason], error.message);
    }

    if (
      (capture.status === 'COMPLETED' || capture.status === 'PENDING') &&
      (capture.amountCents !== order.totalCents || capture.currency !== order.currency)
    ) {
      await this.fail(order.id, capture, 'amount mismatch');
      this.deps.metrics.payment('failed');
      this.deps.log.error(
        { orderId: order.id, expected: order.totalCents, captured: capture.amountCents, currency: capture.currency },
        'captured amount differs from the order',
      );
      throw new DomainError('conflict', ORDER_MESSAGES.amountMismatch);
    }
    if (capture.status === 'COMPLETED') {
      await this.complete(order.id, capture);
    } else if (capture.status === 'PENDING') {
      await this.deps.orders.update(order.id, {
        status: 'pending',
        captureId: capture.captureId,
        paymentData: capture.raw,
      });
      this.deps.metrics.payment('pending');
    } else {
      await this.fail(order.id, capture, capture.status.toLowerCase());
      this.deps.metrics.payment('declined');
      throw new DomainError('payment-declined', ORDER_MESSAGES.declined);
    }
    return this.result(await this.orderById(order.id));
  }

  /**
   * One transaction: the order is paid, the transaction record written, the items granted to
   * this order, and the order email queued. A grant never moves to another order: an item the
   * buyer owned meanwhile is left with its order, and its price is queued for refund.
   */
  private async complete(orderId: string, capture: CaptureResult): Promise<void> {
    const paid = await this.deps.inTransaction(async (tx) => {
      const order = await this.deps.orders.markPaid(orderId, capture, tx);
      if (!order) return false;
      const buyer = await this.deps.accounts.contact(order.userId, tx);
      const lines = await this.deps.orders.lines(orderId, tx);
      await this.deps.orders.insertTransaction(
        {
          transactionId: timestampId(),
          orderId,
          email: buyer!.email,
          firstName: buyer!.firstName,
          lastName: buyer!.lastName,
          detail: lines.map((line) => ({
            itemId: line.itemId,
            name: line.name,
            price: centsToDollars(line.priceCents),
            quantity: 1,
          })),
          payment: order.provider,
          paymentData: capture.raw ?? {},
          tax: TAX,
          totalCents: order.totalCents,
          totalCount: lines.length,
          reserved: {},
        },
        tx,
      );
      const granted = await this.deps.orders.grant(
        order.userId,
        lines.map((line) => line.itemId),
        orderId,
        tx,
      );
      const duplicates = lines.map((line) => line.itemId).filter((id) => !granted.includes(id));
      if (duplicates.length) {
        this.deps.log.error({ orderId, duplicates }, 'an order paid for items its buyer already owned; refunding them');
        await this.deps.jobs.enqueue(
          {
            kind: 'duplicate-refund',
            key: jobKeys.duplicateRefund(orderId),
            payload: { orderId, itemIds: duplicates },
          },
          tx,
        );
      }
      if (granted.length)
        await this.deps.jobs.enqueue(
          { kind: 'order-email', key: jobKeys.orderEmail(orderId), payload: { orderId } },
          tx,
        );
      return true;
    });
    if (paid) this.deps.metrics.payment('paid');
  }

  private fail(orderId: string, capture: CaptureResult, reason: string): Promise<void> {
    return this.deps.orders.update(orderId, { status: 'failed', failureReason: reason, paymentData: capture.raw });
  }

  /** Waits while another request is capturing this order, then returns it as it stands. */
  private async settled(orderId: string): Promise<OrderRow> {
    const deadline = Date.now() + CAPTURE_WAIT_MS;
    for (;;) {
      const order = await this.orderById(orderId);
      if (order.status !== 'capturing' || Date.now() > deadline) return order;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async result(order: OrderRow): Promise<OrderResult> {
    const transactionId = await this.deps.orders.transactionIdOf(order.id);
    const lines = await this.deps.orders.linesWithGrants(order);
    return {
      orderId: order.id,
      providerOrderId: order.providerOrderId,
      id: order.providerOrderId,
      status: order.status,
      ...(transactionId && { transactionId }),
      totalPrice: centsToDollars(order.totalCents),
      currency: CURRENCY,
      ...(order.paymentData !== null && { paymentData: order.paymentData }),
      items: lines.map((line) => {
        const purchased = this.purchased(line.item, order.id);
        const ownedThroughThisOrder = order.status === 'paid' && line.grantedTo === order.id && !line.revokedAt;
        return ownedThroughThisOrder ? purchased : { ...purchased, downloads: [] };
      }),
      refundedItemIds: lines.filter((line) => line.refundedAt).map((line) => line.item.itemId),
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

  /** An order by our id or, as the original store's capture path sends it, by the provider's. */
  private async orderByRef(orderRef: string): Promise<OrderRow> {
    const ours = ORDER_ID_PATTERN.test(orderRef);
    const order = ours ? await this.deps.orders.byId(orderRef) : await this.deps.orders.byProviderOrderId(orderRef);
    if (!order)
      throw new DomainError('not-found', ours ? ORDER_MESSAGES.noSuchOrderId : ORDER_MESSAGES.noSuchProviderOrderId);
    return order;
  }

  private async orderById(orderId: string): Promise<OrderRow> {
    const order = await this.deps.orders.byId(orderId);
    if (!order) throw new DomainError('not-found', ORDER_MESSAGES.orderNotFound);
    return order;
  }
}
