import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { coupons, orders, type OrderStatus } from '../schema.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;

/** The order states that hold a coupon's use: being paid, or paid. */
const USING: OrderStatus[] = ['capturing', 'pending', 'paid'];

/** Coupons, and how many uses their orders hold. */
export class CouponsRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async byCode(code: string): Promise<CouponRow | undefined> {
    const [row] = await this.db.select().from(coupons).where(eq(coupons.code, code));
    return row;
  }

  async byId(id: string, executor: Database = this.db): Promise<CouponRow | undefined> {
    const [row] = await executor.select().from(coupons).where(eq(coupons.id, id));
    return row;
  }

  /** Newest first, each with its uses now. */
  async list(): Promise<(CouponRow & { uses: number })[]> {
    return this.db
      .select({
        ...getTableColumns(coupons),
        // Written out: a column inside a field's subquery would be left unqualified.
        uses: sql<number>`(select count(*)::int from orders o where o.coupon_id = coupons.id and o.status in (${sql.raw(USING.map((status) => `'${status}'`).join(', '))}))`,
      })
      .from(coupons)
      .orderBy(desc(coupons.createdAt));
  }

  /** A new coupon; undefined when its code is taken. */
  async insert(coupon: NewCoupon, executor: Database = this.db): Promise<CouponRow | undefined> {
    const [row] = await executor.insert(coupons).values(coupon).onConflictDoNothing().returning();
    return row;
  }

  async setActive(id: string, active: boolean, executor: Database = this.db): Promise<CouponRow | undefined> {
    const [row] = await executor.update(coupons).set({ active }).where(eq(coupons.id, id)).returning();
    return row;
  }

  /**
   * Holds the coupon's row until the transaction ends, so uses are counted and taken one
   * checkout at a time; returns the uses other orders hold, in all and by this customer.
   */
  async lockAndCountUses(
    id: string,
    userId: string,
    exceptOrderId: string | undefined,
    executor: Database,
  ): Promise<{ total: number; byCustomer: number }> {
    await executor.execute(sql`select 1 from ${coupons} where ${coupons.id} = ${id} for update`);
    const [counts] = await executor
      .select({
        total: sql<number>`count(*)::int`,
        byCustomer: sql<number>`(count(*) filter (where ${orders.userId} = ${userId}))::int`,
      })
      .from(orders)
      .where(
        and(
          eq(orders.couponId, id),
          inArray(orders.status, USING),
          exceptOrderId ? sql`${orders.id} <> ${exceptOrderId}` : undefined,
        ),
      );
    return counts!;
  }
}
