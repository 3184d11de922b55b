import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  coupons,
  grants,
  itemColumns,
  items,
  orderLines,
  orders,
  transactions,
  users,
  webhookEvents,
  type ItemRow,
} from '../schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;
export interface AdminOrderRow {
  order: OrderRow;
  email: string;
  transactionId: string | null;
  couponCode: string | null;
  itemCount: number;
}

/** Orders with their lines, the transaction records, the grants of what users own, and webhook events. */
export class OrdersRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async byId(id: string, executor: Database = this.db): Promise<OrderRow | undefined> {
    const [order] = await executor.select().from(orders).where(eq(orders.id, id));
    return order;
  }

  async byProviderOrderId(providerOrderId: string): Promise<OrderRow | undefined> {
    const [order] = await this.db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
    return order;
  }

  /** The order a provider event is about: by its capture, or by our id that the provider echoes. */
  async byCaptureOrId(captureId: string | undefined, orderId: string | undefined): Promise<OrderRow | undefined> {
    const match = [
      captureId ? eq(orders.captureId, captureId) : undefined,
      orderId ? eq(orders.id, orderId) : undefined,
    ].filter((c) => c !== undefined);
    if (!match.length) return undefined;
    const [order] = await this.db
      .select()
      .from(orders)
      .where(or(...match));
    return order;
  }

  /**
   * A new order with its lines; the user's unpaid orders holding any of the same items are
   * cancelled (replaced by this one) in the same transaction.
   */
  async createReplacingUnpaid(
    order: {
      userId: string;
      totalCents: number;
      provider: 'paypal' | 'test';
      couponId: string | null;
      discountCents: number;
    },
    lines: { itemId: string; name: string; priceCents: number; discountCents: number; bundleId: string | null }[],
    executor: Database,
  ): Promise<OrderRow> {
    const itemIds = lines.map((line) => line.itemId);
    await executor
      .update(orders)
      .set({ status: 'cancelled', failureReason: 'replaced by a newer order' })
      .where(
        and(
          eq(orders.userId, order.userId),
          eq(orders.status, 'created'),
          inArray(
            orders.id,
            executor.select({ id: orderLines.orderId }).from(orderLines).where(inArray(orderLines.itemId, itemIds)),
          ),
        ),
      );
    const [created] = await executor.insert(orders).values(order).returning();
    await executor.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: created!.id })));
    return created!;
  }

  async update(
    id: string,
    set: Partial<
      Pick<OrderRow, 'status' | 'providerOrderId' | 'captureId' | 'paymentData' | 'failureReason' | 'captureStartedAt'>
    >,
    executor: Database = this.db,
  ): Promise<void> {
    await executor.update(orders).set(set).where(eq(orders.id, id));
  }

  async lines(orderId: string, executor: Database = this.db): Promise<OrderLineRow[]> {
    return executor.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  }

  /** Holds the user's row until the transaction ends: one capture claim at a time per shopper. */
  async lockUser(userId: string, executor: Database): Promise<void> {
    await executor.execute(sql`select 1 from users where id = ${userId} for update`);
  }

  /**
   * Claims an order for capture: from created, or from a capture begun before `staleBefore`
   * (undefined: any). Returns the claimed order, or undefined when another holds it.
   */
  async claimCapture(id: string, staleBefore: Date | undefined, executor: Database): Promise<OrderRow | undefined> {
    const stale = staleBefore ? startedBefore(staleBefore) : sql`true`;
    const [claimed] = await executor
      .update(orders)
      .set({ status: 'capturing', captureStartedAt: new Date() })
      .where(and(eq(orders.id, id), or(eq(orders.status, 'created'), and(eq(orders.status, 'capturing'), stale))))
      .returning();
    return claimed;
  }

  /** Orders in `capturing` whose capture began before `before` (undefined: all of them). */
  async capturing(before: Date | undefined): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'capturing'), before ? startedBefore(before) : undefined));
  }

  async pendingWithCapture(): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'pending'), isNotNull(orders.captureId)));
  }

  /** Marks a captured order paid (from capturing or pending); undefined when it was not in either. */
  async markPaid(
    id: string,
    capture: { captureId?: string | undefined; raw: unknown },
    executor: Database,
  ): Promise<OrderRow | undefined> {
    const [order] = await executor
      .update(orders)
      .set({ status: 'paid', paidAt: new Date(), captureId: capture.captureId, paymentData: capture.raw })
      .where(and(eq(orders.id, id), inArray(orders.status, ['capturing', 'pending'])))
      .returning();
    return order;
  }

  async insertTransaction(values: NewTransaction, executor: Database): Promise<void> {
    await executor.insert(transactions).values(values);
  }

  async transactionIdOf(orderId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: transactions.transactionId })
      .from(transactions)
      .where(eq(transactions.orderId, orderId));
    return row?.id;
  }

  async orderIdOfTransaction(transactionId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ orderId: transactions.orderId })
      .from(transactions)
      .where(eq(transactions.transactionId, transactionId));
    return row?.orderId;
  }

  /**
   * Grants the items to the user through this order. A grant never moves: an item the user
   * already owns stays with its order (a refunded, revoked one may be bought again). Returns
   * the items granted now.
   */
  async grant(userId: string, itemIds: string[], orderId: string, executor: Database): Promise<string[]> {
    const granted = await executor
      .insert(grants)
      .values(itemIds.map((itemId) => ({ userId, itemId, orderId })))
      .onConflictDoUpdate({
        target: [grants.userId, grants.itemId],
        set: { orderId, revokedAt: null, grantedAt: new Date() },
        setWhere: isNotNull(grants.revokedAt),
      })
      .returning({ itemId: grants.itemId });
    return granted.map((row) => row.itemId);
  }

  /** Items of `itemIds` the user owns now (not refunded). */
  async ownedItemIds(userId: string, itemIds?: string[], executor: Database = this.db): Promise<string[]> {
    const rows = await executor
      .select({ itemId: grants.itemId })
      .from(grants)
      .where(
        and(eq(grants.userId, userId), isNull(grants.revokedAt), itemIds ? inArray(grants.itemId, itemIds) : undefined),
      );
    return rows.map((row) => row.itemId);
  }

  /** Items of `itemIds` that another of the user's orders is capturing or holds pending. */
  async itemIdsBeingPaid(
    userId: string,
    itemIds: string[],
    exceptOrderId?: string,
    executor: Database = this.db,
  ): Promise<string[]> {
    const rows = await executor
      .select({ itemId: orderLines.itemId })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orders.userId, userId),
          inArray(orders.status, ['capturing', 'pending']),
          inArray(orderLines.itemId, itemIds),
          exceptOrderId ? sql`${orders.id} <> ${exceptOrderId}` : undefined,
        ),
      );
    return [...new Set(rows.map((row) => row.itemId))];
  }

  /** What a user owns, oldest grant first, with each item and the order that paid it. */
  async library(userId: string): Promise<{ item: ItemRow; orderId: string; grantedAt: Date }[]> {
    return this.db
      .select({ item: itemColumns, orderId: grants.orderId, grantedAt: grants.grantedAt })
      .from(grants)
      .innerJoin(items, eq(items.itemId, grants.itemId))
      .where(and(eq(grants.userId, userId), isNull(grants.revokedAt)))
      .orderBy(grants.grantedAt);
  }

  /** The order through which a user holds an item now, if they do. */
  async heldThrough(userId: string, itemId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ orderId: grants.orderId })
      .from(grants)
      .where(and(eq(grants.userId, userId), eq(grants.itemId, itemId), isNull(grants.revokedAt)));
    return row?.orderId;
  }

  /** The grant behind a download link: the item, when the order's buyer holds it through that order. */
  async grantOf(orderId: string, itemId: string): Promise<{ item: ItemRow; revokedAt: Date | null } | undefined> {
    const [row] = await this.db
      .select({ item: itemColumns, revokedAt: grants.revokedAt })
      .from(grants)
      .innerJoin(orders, eq(orders.id, grants.orderId))
      .innerJoin(items, eq(items.itemId, grants.itemId))
      .where(and(eq(grants.orderId, orderId), eq(grants.itemId, itemId), eq(grants.userId, orders.userId)));
    return row;
  }

  /** An order's lines with their items and whether the buyer holds each through this order. */
  async linesWithGrants(
    order: OrderRow,
  ): Promise<{ item: ItemRow; refundedAt: Date | null; grantedTo: string | null; revokedAt: Date | null }[]> {
    return this.db
      .select({
        item: itemColumns,
        refundedAt: orderLines.refundedAt,
        grantedTo: grants.orderId,
        revokedAt: grants.revokedAt,
      })
      .from(orderLines)
      .innerJoin(items, eq(items.itemId, orderLines.itemId))
      .leftJoin(grants, and(eq(grants.itemId, orderLines.itemId), eq(grants.userId, order.userId)))
      .where(eq(orderLines.orderId, order.id));
  }

  /** Lines of `itemIds` neither refunded nor held by a refund. */
  async unrefundedLines(orderId: string, itemIds: string[]): Promise<OrderLineRow[]> {
    return this.db
      .select()
      .from(orderLines)
      .where(
        and(
          eq(orderLines.orderId, orderId),
          inArray(orderLines.itemId, itemIds),
          isNull(orderLines.refundedAt),
          isNull(orderLines.refundRequestId),
        ),
      );
  }

  async markLinesRefunded(orderId: string, itemIds: string[], refundId: string, executor: Database): Promise<void> {
    await executor
      .update(orderLines)
      .set({ refundedAt: new Date(), refundId })
      .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.itemId, itemIds)));
  }

  async refundedLines(orderId: string): Promise<OrderLineRow[]> {
    return this.db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), isNotNull(orderLines.refundedAt)));
  }

  /** True when a refund with this provider id is one we made ourselves (of items bought twice). */
  async isOwnRefund(refundId: string): Promise<boolean> {
    return (
      (
        await this.db
          .select({ orderId: orderLines.orderId })
          .from(orderLines)
          .where(eq(orderLines.refundId, refundId))
          .limit(1)
      ).length > 0
    );
  }

  /**
   * The admin's order lookup, newest first: `match` finds orders by one of their ids or their
   * buyer's email (undefined: every order). Each with its buyer's email, transaction id and line count.
   */
  async adminPage(
    match: { by: 'transaction' | 'order' | 'provider-order' | 'email'; value: string } | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: AdminOrderRow[]; total: number }> {
    const where =
      match &&
      {
        transaction: eq(transactions.transactionId, match.value),
        order: eq(orders.id, match.value),
        'provider-order': eq(orders.providerOrderId, match.value),
        email: eq(users.email, match.value),
      }[match.by];
    const [rows, [count]] = await Promise.all([
      this.db
        .select({
          order: orders,
          email: users.email,
          transactionId: transactions.transactionId,
          couponCode: coupons.code,
          itemCount: sql<number>`(select count(*)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .leftJoin(transactions, eq(transactions.orderId, orders.id))
        .leftJoin(coupons, eq(coupons.id, orders.couponId))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .leftJoin(transactions, eq(transactions.orderId, orders.id))
        .where(where),
    ]);
    return { rows, total: count!.n };
  }

  /** Records a provider event; false when it was seen before. */
  async recordWebhookEvent(id: string, type: string): Promise<boolean> {
    const [fresh] = await this.db.insert(webhookEvents).values({ id, type }).onConflictDoNothing().returning();
    return fresh !== undefined;
  }

  /** Which of these items were ever ordered or granted (their buyers keep them). */
  async soldAmong(itemIds: string[]): Promise<string[]> {
    if (!itemIds.length) return [];
    const rows = await this.db
      .selectDistinct({ itemId: orderLines.itemId })
      .from(orderLines)
      .where(inArray(orderLines.itemId, itemIds))
      .union(this.db.selectDistinct({ itemId: grants.itemId }).from(grants).where(inArray(grants.itemId, itemIds)));
    return rows.map((row) => row.itemId);
  }
}

/** A capture begun before `at` (or before capture times were kept). */
const startedBefore = (at: Date) => or(isNull(orders.captureStartedAt), lt(orders.captureStartedAt, at));
