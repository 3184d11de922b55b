import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { bundleItems, bundles, itemColumns, items, orderLines, type ItemRow } from '../schema.ts';

export type BundleRow = typeof bundles.$inferSelect;
export type BundleChange = Partial<Pick<BundleRow, 'name' | 'description' | 'priceCents' | 'published'>>;
/** A bundle with its items' rows in the bundle's order. */
export type BundleWithItems = BundleRow & { items: ItemRow[] };

/** Bundles and their items (decision 045). */
export class BundlesRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Every bundle, newest first, with how many paid orders bought it. */
  async list(): Promise<(BundleWithItems & { sold: number })[]> {
    const rows = await this.db
      .select({ bundle: bundles, sold: soldCount })
      .from(bundles)
      .orderBy(desc(bundles.createdAt));
    const withItems = await this.withItems(rows.map((row) => row.bundle));
    return withItems.map((bundle, index) => ({ ...bundle, sold: rows[index]!.sold }));
  }

  /** The published bundles whose every item is published too, newest first. */
  async onSale(): Promise<BundleWithItems[]> {
    const rows = await this.db
      .select()
      .from(bundles)
      .where(and(eq(bundles.published, true), noUnpublishedItem))
      .orderBy(desc(bundles.createdAt));
    return this.withItems(rows);
  }

  async byId(id: string, executor: Database = this.db): Promise<BundleWithItems | undefined> {
    const [row] = await executor.select().from(bundles).where(eq(bundles.id, id));
    return row && (await this.withItems([row], executor))[0];
  }

  /** The published bundles holding this item: while they are on sale it can't be deleted. */
  async publishedHolding(itemId: string, executor: Database = this.db): Promise<string[]> {
    const rows = await executor
      .select({ name: bundles.name })
      .from(bundles)
      .innerJoin(bundleItems, eq(bundleItems.bundleId, bundles.id))
      .where(and(eq(bundleItems.itemId, itemId), eq(bundles.published, true)));
    return rows.map((row) => row.name);
  }

  /** These items' rows, held until the transaction ends: none can be deleted while a bundle is made of them. */
  async itemsHeld(itemIds: string[], executor: Database): Promise<ItemRow[]> {
    return executor.select(itemColumns).from(items).where(inArray(items.itemId, itemIds)).for('share');
  }

  async insert(
    bundle: Pick<BundleRow, 'name' | 'description' | 'priceCents' | 'published'>,
    itemIds: string[],
    executor: Database,
  ): Promise<BundleRow> {
    const [row] = await executor.insert(bundles).values(bundle).returning();
    await this.setItems(row!.id, itemIds, executor);
    return row!;
  }

  async update(id: string, change: BundleChange, itemIds: string[] | undefined, executor: Database): Promise<void> {
    await executor
      .update(bundles)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(bundles.id, id));
    if (itemIds) {
      await executor.delete(bundleItems).where(eq(bundleItems.bundleId, id));
      await this.setItems(id, itemIds, executor);
    }
  }

  /** The names of these bundles, by id. */
  async names(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .select({ id: bundles.id, name: bundles.name })
      .from(bundles)
      .where(inArray(bundles.id, ids));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** How many paid orders bought the bundle. */
  async sold(id: string): Promise<number> {
    const [row] = await this.db.select({ sold: soldCount }).from(bundles).where(eq(bundles.id, id));
    return row?.sold ?? 0;
  }

  /** Whether any order (paid or not) has a line of this bundle: its row is then kept. */
  async ordered(id: string, executor: Database = this.db): Promise<boolean> {
    const [row] = await executor
      .select({ orderId: orderLines.orderId })
      .from(orderLines)
      .where(eq(orderLines.bundleId, id))
      .limit(1);
    return row !== undefined;
  }

  async remove(id: string, executor: Database): Promise<void> {
    await executor.delete(bundles).where(eq(bundles.id, id));
  }

  private async setItems(bundleId: string, itemIds: string[], executor: Database): Promise<void> {
    await executor.insert(bundleItems).values(itemIds.map((itemId, position) => ({ bundleId, itemId, position })));
  }

  private async withItems(rows: BundleRow[], executor: Database = this.db): Promise<BundleWithItems[]> {
    if (!rows.length) return [];
    const members = await executor
      .select({ bundleId: bundleItems.bundleId, item: itemColumns })
      .from(bundleItems)
      .innerJoin(items, eq(items.itemId, bundleItems.itemId))
      .where(
        inArray(
          bundleItems.bundleId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(bundleItems.position));
    return rows.map((row) => ({
      ...row,
      items: members.filter((member) => member.bundleId === row.id).map((member) => member.item),
    }));
  }
}

// Written out: a column inside a field's subquery would be left unqualified.
const soldCount = sql<number>`(select count(distinct l.order_id)::int from order_lines l join orders o on o.id = l.order_id where l.bundle_id = bundles.id and o.status = 'paid')`;

const noUnpublishedItem = sql`not exists (select 1 from ${bundleItems} bi join ${items} i on i.item_id = bi.item_id where bi.bundle_id = ${bundles.id} and not i.published)`;
