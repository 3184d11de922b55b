import { CURRENCY, ORDER_MESSAGES } from '#contract/constants.ts';
import { centsToDollars } from '#contract/money.ts';
import type { OrderRow, OrdersRepository } from '../../db/repositories/orders.repository.ts';
import type { RefundRow, RefundsRepository } from '../../db/repositories/refunds.repository.ts';
import type { RunInTransaction } from '../../db/repositories/transactions.ts';
import type { Mailer } from '../../providers/email/mailer.ts';
import type { Metrics } from '../../providers/metrics/metrics.ts';
import { PaymentError, type PaymentProvider } from '../../providers/payment/payment.ts';
import { DomainError } from '../../shared/errors.ts';
import { jobKeys } from '../../shared/job-kinds.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { refundEmail } from '../accounts/emails.ts';
import type { Actor, AdminLogService } from '../platform/admin-log.service.ts';
import type { JobQueue } from '../platform/job-queue.ts';

interface RefundsDependencies {
  orders: OrdersRepository;
  refunds: RefundsRepository;
  accounts: Pick<AccountsService, 'contact'>;
  inTransaction: RunInTransaction;
  payments: PaymentProvider;
  mailer: Mailer;
  jobs: JobQueue;
  adminLog: AdminLogService;
  storeName: string;
  publicUrl: string;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
  metrics: Metrics;
}

/**
 * Money given back (decision 041): an administrator's refund of a whole order or some of its
 * lines, items a buyer paid for twice, and refunds made in the provider's own dashboard. The
 * provider is asked from a job with the refund's id as its request id, so a refund cut off by a
 * crash is finished by the job's retry and made once; the lines, the revoked grants and the
 * buyer's email follow in one transaction.
 */
export class RefundsService {
  private readonly deps: RefundsDependencies;

  constructor(deps: RefundsDependencies) {
    this.deps = deps;
  }

  /** An administrator's refund of the order's lines `itemIds` (every line not refunded yet when undefined). */
  async request(actor: Actor, orderId: string, itemIds: string[] | undefined): Promise<RefundRow> {
    const order = await this.deps.orders.byId(orderId);
    if (!order) throw new DomainError('not-found', ORDER_MESSAGES.orderNotFound);
    if (order.status === 'refunded') throw new DomainError('conflict', 'This order is refunded already.');
    if (order.status !== 'paid' || !order.captureId)
      throw new DomainError('conflict', 'Only a paid order can be refunded.');
    if (itemIds) {
      const known = new Set((await this.deps.orders.lines(orderId)).map((line) => line.itemId));
      const strangers = itemIds.filter((id) => !known.has(id));
      if (strangers.length) throw new DomainError('invalid', `This order has no line for: ${strangers.join(', ')}`);
    }
    return this.deps.inTransaction(async (tx) => {
      const requested = await this.deps.refunds.request(order, itemIds, actor.email, tx);
      if (!requested) throw new DomainError('conflict', 'These lines are refunded already, or being refunded.');
      const { refund, lines } = requested;
      await this.deps.jobs.enqueue(
        { kind: 'refund', key: jobKeys.refund(refund.id), payload: { refundId: refund.id } },
        tx,
      );
      await this.deps.adminLog.record(
        actor,
        {
          action: 'order.refund',
          target: orderId,
          after: {
            refundId: refund.id,
            amount: centsToDollars(refund.amountCents),
            items: lines.map((line) => line.name),
          },
        },
        tx,
      );
      return refund;
    });
  }

  ofOrder(orderId: string): Promise<RefundRow[]> {
    return this.deps.refunds.ofOrder(orderId);
  }

  /**
   * The refund job: asks the provider (idempotent by the refund's id), then completes the refund
   * and queues the buyer's email together. A provider that cannot be reached throws, and the job
   * is tried again; a refusal fails the refund and frees its lines.
   */
  async process(refundId: string): Promise<void> {
    const refund = await this.deps.refunds.byId(refundId);
    if (refund?.status !== 'requested') return;
    const order = (await this.deps.orders.byId(refund.orderId))!;
    let providerRefundId: string;
    try {
      ({ refundId: providerRefundId } = await this.deps.payments.refund({
        captureId: order.captureId!,
        amountCents: refund.amountCents,
        currency: CURRENCY,
        requestId: `refund-${refund.id}`,
        note: `${this.deps.storeName} refunded ${centsToDollars(refund.amountCents).toFixed(2)} USD of your order.`,
      }));
    } catch (error) {
      if (!(error instanceof PaymentError) || error.reason === 'unavailable') throw error;
      this.deps.log.error({ refundId, orderId: order.id, reason: error.message }, 'the provider refused a refund');
      await this.deps.inTransaction((tx) => this.deps.refunds.fail(refundId, error.message, tx));
      return;
    }
    const completed = await this.deps.inTransaction(async (tx) => {
      if (!(await this.deps.refunds.complete(refundId, providerRefundId, tx))) return false;
      await this.deps.jobs.enqueue(
        {
          kind: 'refund-email',
          key: jobKeys.refundEmail(order.id, refundId),
          payload: { orderId: order.id, refundId },
        },
        tx,
      );
      return true;
    });
    if (completed) this.deps.metrics.payment('refunded');
  }

  /**
   * A refund the provider reports. Ours (by its id, or while one of ours for the order waits for
   * the provider's answer) changes nothing; one made in the provider's dashboard refunds every
   * line left and takes back what the order granted.
   */
  async fromProvider(order: OrderRow, providerRefundId: string | undefined): Promise<'handled' | 'ignored'> {
    if (providerRefundId && (await this.deps.orders.isOwnRefund(providerRefundId))) return 'ignored';
    if (await this.deps.refunds.inFlight(order.id)) return 'ignored';
    if (!(await this.deps.refunds.recordFromProvider(order.id, providerRefundId))) return 'ignored';
    this.deps.metrics.payment('refunded');
    return 'handled';
  }

  /**
   * The job for items an order paid for although the buyer already owned them: their price goes
   * back through the provider (idempotent by request id), then the buyer is told.
   */
  async refundDuplicates(orderId: string, itemIds: string[]): Promise<void> {
    const order = await this.deps.orders.byId(orderId);
    const lines = await this.deps.orders.unrefundedLines(orderId, itemIds);
    if (!lines.length || !order?.captureId) return;
    const refund = await this.deps.payments.refund({
      captureId: order.captureId,
      amountCents: lines.reduce((sum, line) => sum + line.priceCents - line.discountCents, 0),
      currency: CURRENCY,
      requestId: `refund-${orderId}`,
      note: `You already owned ${lines.map((line) => line.name).join(', ')}, so its price is refunded.`,
    });
    await this.deps.inTransaction(async (tx) => {
      await this.deps.orders.markLinesRefunded(
        orderId,
        lines.map((line) => line.itemId),
        refund.refundId,
        tx,
      );
      await this.deps.jobs.enqueue(
        { kind: 'refund-email', key: jobKeys.refundEmail(orderId), payload: { orderId } },
        tx,
      );
    });
  }

  /** Tells the buyer what was refunded: the refund `refundId`, or the items they already owned. */
  async sendRefundEmail(orderId: string, refundId: string | undefined, messageId: string): Promise<void> {
    const order = await this.deps.orders.byId(orderId);
    const lines = refundId
      ? await this.deps.refunds.lines(refundId)
      : (await this.deps.orders.refundedLines(orderId)).filter((line) => !line.refundRequestId);
    const buyer = order && (await this.deps.accounts.contact(order.userId));
    if (!lines.length || !buyer) return;
    const refunded = lines.map((line) => ({
      name: line.name,
      price: centsToDollars(line.priceCents - line.discountCents),
    }));
    await this.deps.mailer.send({
      ...refundEmail(
        this.deps.storeName,
        buyer.email,
        buyer.firstName,
        refunded,
        this.deps.publicUrl,
        refundId ? 'store' : 'owned',
      ),
      id: messageId,
    });
  }
}
