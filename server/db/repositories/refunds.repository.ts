import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { grants, orderLines, orders, refunds, type OrderStatus, type RefundStatus } from '../schema.ts';
import type { OrderLineRow } from './orders.repository.ts';

export type RefundRow = typeof refunds.$inferSelect;

/** Refunds of paid orders' lines, and what a completed one takes back (decision 041). */
export class RefundsRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * A refund of the order's lines `itemIds` (all of them when undefined) that are neither
   * refunded nor held by another refund: those lines are held by the new refund, in `executor`'s
   * transaction. Undefined when no such line is left.
   */
  async request(
    order: { id: string },
    itemIds: string[] | undefined,
    requestedBy: string,
    executor: Database,
  ): Promise<{ refund: RefundRow; lines: OrderLineRow[] } | undefined> {
    const [refund] = await executor
      .insert(refunds)
      .values({ orderId: order.id, amountCents: 0, origin: 'owner', requestedBy })
      .returning();
    const lines = await executor
      .update(orderLines)
      .set({ refundRequestId: refund!.id })
      .where(and(eq(orderLines.orderId, order.id), free(), itemIds ? inArray(orderLines.itemId, itemIds) : undefined))
      .returning();
    if (!lines.length) {
      await executor.delete(refunds).where(eq(refunds.id, refund!.id));
      return undefined;
    }
    const amountCents = lines.reduce((sum, line) => sum + paidFor(line), 0);
    const [priced] = await executor.update(refunds).set({ amountCents }).where(eq(refunds.id, refund!.id)).returning();
    return { refund: priced!, lines };
  }

  async byId(id: string): Promise<RefundRow | undefined> {
    const [row] = await this.db.select().from(refunds).where(eq(refunds.id, id));
    return row;
  }

  async lines(refundId: string): Promise<OrderLineRow[]> {
    return this.db.select().from(orderLines).where(eq(orderLines.refundRequestId, refundId));
  }

  async ofOrder(orderId: string): Promise<RefundRow[]> {
    return this.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.createdAt);
  }

  /** Whether an administrator's refund of this order is still waiting for the provider. */
  async inFlight(orderId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'requested' satisfies RefundStatus)))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * The provider returned the money: the refund completes, its lines are refunded, the buyer's
   * grants of them through this order revoked, and the order is refunded once no line is left.
   * False when it had completed already (a retried job), which changes nothing.
   */
  async complete(refundId: string, providerRefundId: string, executor: Database): Promise<boolean> {
    const [refund] = await executor
      .update(refunds)
      .set({ status: 'completed', providerRefundId, completedAt: new Date() })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'requested' satisfies RefundStatus)))
      .returning();
    if (!refund) return false;
    const lines = await executor
      .update(orderLines)
      .set({ refundedAt: new Date(), refundId: providerRefundId })
      .where(eq(orderLines.refundRequestId, refundId))
      .returning({ itemId: orderLines.itemId });
    await this.takeBack(
      refund.orderId,
      lines.map((line) => line.itemId),
      executor,
    );
    return true;
  }

  /** The provider refused: the refund fails and its lines are free to refund again. */
  async fail(refundId: string, reason: string, executor: Database): Promise<void> {
    await executor
      .update(refunds)
      .set({ status: 'failed', failureReason: reason, completedAt: new Date() })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'requested' satisfies RefundStatus)));
    await executor
      .update(orderLines)
      .set({ refundRequestId: null })
      .where(and(eq(orderLines.refundRequestId, refundId), isNull(orderLines.refundedAt)));
  }

  /**
   * A refund made in the provider's own dashboard: every line not refunded yet is refunded by it,
   * and what the order granted is taken back. Returns the refund, or undefined when it was known.
   */
  async recordFromProvider(orderId: string, providerRefundId: string | undefined): Promise<RefundRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [refund] = await tx
        .insert(refunds)
        .values({
          orderId,
          amountCents: 0,
          origin: 'provider',
          status: 'completed',
          providerRefundId,
          completedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning();
      if (!refund) return undefined;
      const lines = await tx
        .update(orderLines)
        .set({ refundRequestId: refund.id, refundedAt: new Date(), refundId: providerRefundId ?? null })
        .where(and(eq(orderLines.orderId, orderId), isNull(orderLines.refundedAt)))
        .returning();
      const amountCents = lines.reduce((sum, line) => sum + paidFor(line), 0);
      const [priced] = await tx.update(refunds).set({ amountCents }).where(eq(refunds.id, refund.id)).returning();
      await this.takeBack(
        orderId,
        lines.map((line) => line.itemId),
        tx,
      );
      return priced;
    });
  }

  /** Revokes what the order granted of these items, and ends the order once every line is refunded. */
  private async takeBack(orderId: string, itemIds: string[], executor: Database): Promise<void> {
    if (itemIds.length)
      await executor
        .update(grants)
        .set({ revokedAt: new Date() })
        .where(and(eq(grants.orderId, orderId), inArray(grants.itemId, itemIds), isNull(grants.revokedAt)));
    await executor
      .update(orders)
      .set({ status: 'refunded' satisfies OrderStatus })
      .where(
        and(
          eq(orders.id, orderId),
          sql`not exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orderId} and ${orderLines.refundedAt} is null)`,
        ),
      );
  }
}

/** What the buyer paid for a line: its price less its share of the coupon. */
const paidFor = (line: OrderLineRow) => line.priceCents - line.discountCents;

/** A line neither refunded nor held by a refund. */
const free = () => and(isNull(orderLines.refundedAt), isNull(orderLines.refundRequestId));
