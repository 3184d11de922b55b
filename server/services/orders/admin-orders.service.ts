import type {
  AdminOrder,
  AdminOrderLine,
  AdminOrdersPage,
  AdminOrdersQuery,
  AdminOrderSummary,
} from '#contract/admin-orders.ts';
import { CURRENCY, ORDER_MESSAGES } from '#contract/constants.ts';
import { ORDER_ID_PATTERN, TIMESTAMP_ID_PATTERN } from '#contract/ids.ts';
import { centsToDollars } from '#contract/money.ts';
import type { AdminOrderRow, OrdersRepository } from '../../db/repositories/orders.repository.ts';
import { DomainError } from '../../shared/errors.ts';
import { jobKeys } from '../../shared/job-kinds.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { Actor, AdminLogService } from '../platform/admin-log.service.ts';
import type { JobQueue } from '../platform/job-queue.ts';
import type { RefundsService } from './refunds.service.ts';
import type { BundlesService } from '../catalogue/bundles.service.ts';

interface AdminOrdersDependencies {
  orders: OrdersRepository;
  refunds: Pick<RefundsService, 'request' | 'ofOrder'>;
  accounts: Pick<AccountsService, 'contact'>;
  jobs: JobQueue;
  adminLog: AdminLogService;
  bundles: Pick<BundlesService, 'namesOf'>;
}

/** The owner's view of orders: found by any of their ids or the buyer's email, with all that happened to them. */
export class AdminOrdersService {
  private readonly deps: AdminOrdersDependencies;

  constructor(deps: AdminOrdersDependencies) {
    this.deps = deps;
  }

  async list(query: AdminOrdersQuery): Promise<AdminOrdersPage> {
    const { rows, total } = await this.deps.orders.adminPage(matchOf(query.q), query.limit, query.offset);
    return { orders: rows.map(summary), total };
  }

  async detail(orderId: string): Promise<AdminOrder> {
    const { rows } = await this.deps.orders.adminPage({ by: 'order', value: orderId }, 1, 0);
    const row = rows[0];
    if (!row) throw new DomainError('not-found', ORDER_MESSAGES.orderNotFound);
    const { order } = row;
    const [lines, refunds, emails, buyer] = await Promise.all([
      this.deps.orders.linesWithGrants(order),
      this.deps.refunds.ofOrder(order.id),
      this.deps.jobs.emailsOfOrder(order.id),
      this.deps.accounts.contact(order.userId),
    ]);
    const held = new Map((await this.deps.orders.lines(order.id)).map((line) => [line.itemId, line]));
    const bundleIds = [...held.values()].flatMap((line) => line.bundleId ?? []);
    const bundleNames = await this.deps.bundles.namesOf([...new Set(bundleIds)]);
    return {
      ...summary(row),
      buyer: buyer ?? { email: row.email, firstName: '', lastName: '' },
      provider: order.provider,
      captureId: order.captureId,
      failureReason: order.failureReason,
      lines: lines.map(({ item, refundedAt, grantedTo, revokedAt }): AdminOrderLine => {
        const line = held.get(item.itemId)!;
        const state = refundedAt
          ? 'refunded'
          : line.refundRequestId
            ? 'refunding'
            : grantedTo === order.id && !revokedAt
              ? 'held'
              : 'not-granted';
        return {
          itemId: item.itemId,
          name: line.name,
          price: centsToDollars(line.priceCents - line.discountCents),
          discount: centsToDollars(line.discountCents),
          state,
          bundle: line.bundleId ? (bundleNames.get(line.bundleId) ?? null) : null,
        };
      }),
      refunds: refunds.map((refund) => ({
        refundId: refund.id,
        amount: centsToDollars(refund.amountCents),
        origin: refund.origin,
        status: refund.status,
        requestedBy: refund.requestedBy,
        providerRefundId: refund.providerRefundId,
        failureReason: refund.failureReason,
        createdAt: refund.createdAt.toISOString(),
        completedAt: refund.completedAt?.toISOString() ?? null,
      })),
      emails: emails.map((job) => ({
        kind: job.kind as 'order-email' | 'refund-email',
        status: job.status,
        attempts: job.attempts,
        lastError: job.lastError,
        createdAt: job.createdAt.toISOString(),
        doneAt: job.doneAt?.toISOString() ?? null,
      })),
    };
  }

  /** Refunds the whole order, or the lines named; the provider is asked by a job (RefundsService). */
  async refund(actor: Actor, orderId: string, itemIds: string[] | undefined): Promise<AdminOrder> {
    await this.deps.refunds.request(actor, orderId, itemIds);
    return this.detail(orderId);
  }

  /** The order email once more, through the outbox: one email per press, however often the press is sent. */
  async emailAgain(actor: Actor, orderId: string, pressId: string): Promise<AdminOrder> {
    const order = await this.deps.orders.byId(orderId);
    if (!order) throw new DomainError('not-found', ORDER_MESSAGES.orderNotFound);
    if (order.status !== 'paid') throw new DomainError('conflict', 'Only a paid order has an email with its files.');
    await this.deps.jobs.enqueue({
      kind: 'order-email',
      key: jobKeys.orderEmailAgain(orderId, pressId),
      payload: { orderId },
    });
    await this.deps.adminLog.record(actor, { action: 'order.email-again', target: orderId });
    return this.detail(orderId);
  }
}

/** What kind of id or address the owner typed. */
function matchOf(q: string | undefined) {
  if (!q) return undefined;
  if (TIMESTAMP_ID_PATTERN.test(q)) return { by: 'transaction', value: q } as const;
  if (ORDER_ID_PATTERN.test(q)) return { by: 'order', value: q.toLowerCase() } as const;
  if (q.includes('@')) return { by: 'email', value: q.toLowerCase() } as const;
  return { by: 'provider-order', value: q } as const;
}

function summary(row: AdminOrderRow): AdminOrderSummary {
  const { order } = row;
  return {
    orderId: order.id,
    transactionId: row.transactionId,
    providerOrderId: order.providerOrderId,
    status: order.status,
    email: row.email,
    totalPrice: centsToDollars(order.totalCents),
    currency: CURRENCY,
    coupon: row.couponCode,
    discount: centsToDollars(order.discountCents),
    itemCount: row.itemCount,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}
