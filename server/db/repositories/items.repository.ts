import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  itemColumns,
  itemDownloadsDaily,
  items,
  orderLines,
  orders,
  type ItemRow,
  type NewItemRow,
} from '../schema.ts';

/** The items of the catalogue, published or draft, and how much each is downloaded. */
export class ItemsRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async byId(itemId: string): Promise<ItemRow | undefined> {
    const [row] = await this.db.select(itemColumns).from(items).where(eq(items.itemId, itemId));
    return row;
  }

  async byIds(itemIds: string[]): Promise<ItemRow[]> {
    return this.db.select(itemColumns).from(items).where(inArray(items.itemId, itemIds));
  }

  /** Which of these ids have an item, published or not. */
  async existingIds(itemIds: string[]): Promise<Set<string>> {
    const rows = await this.db.select({ itemId: items.itemId }).from(items).where(inArray(items.itemId, itemIds));
    return new Set(rows.map((row) => row.itemId));
  }

  /** Every published item, newest first by itemId as text. */
  async publishedNewestFirst(): Promise<ItemRow[]> {
    return this.db.select(itemColumns).from(items).where(eq(items.published, true)).orderBy(desc(items.itemId));
  }

  /** Ids of the published items matching a tsquery, best match first. */
  async search(tsQuery: string, limit: number): Promise<string[]> {
    const query = sql`to_tsquery('simple', ${tsQuery})`;
    const rows = await this.db
      .select({ itemId: items.itemId })
      .from(items)
      .where(and(eq(items.published, true), sql`${items.search} @@ ${query}`))
      .orderBy(sql`ts_rank(${items.search}, ${query}) desc`, desc(items.itemId))
      .limit(limit);
    return rows.map((row) => row.itemId);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(items);
    return row?.n ?? 0;
  }

  async insert(rows: NewItemRow[], executor: Database = this.db): Promise<void> {
    await executor.insert(items).values(rows);
  }

  /** Changes an item and bumps its version; false when there is no such item. */
  async update(itemId: string, set: Partial<NewItemRow>): Promise<boolean> {
    const changed = await this.db
      .update(items)
      .set({ ...set, version: sql`${items.version} + 1`, updatedAt: new Date() })
      .where(eq(items.itemId, itemId))
      .returning({ itemId: items.itemId });
    return changed.length > 0;
  }

  async remove(itemId: string): Promise<void> {
    await this.db.delete(items).where(eq(items.itemId, itemId));
  }

  /** Tells every process listening on `channel` (PostgreSQL's NOTIFY) that `payload` changed the catalogue. */
  async announce(channel: string, payload: string): Promise<void> {
    await this.db.execute(sql`select pg_notify(${channel}, ${payload})`);
  }

  /**
   * Published item ids ranked by their downloads since `since`, plus `purchaseWeight` for each
   * paid purchase since then; items without activity are left out.
   */
  async mostActive(since: Date, purchaseWeight: number, limit: number): Promise<string[]> {
    const activity = this.db.$with('activity').as(
      this.db
        .select({ itemId: itemDownloadsDaily.itemId, score: sql<number>`${itemDownloadsDaily.downloads}`.as('score') })
        .from(itemDownloadsDaily)
        .where(sql`${itemDownloadsDaily.day} >= ${since.toISOString().slice(0, 10)}::date`)
        .unionAll(
          this.db
            .select({ itemId: orderLines.itemId, score: sql<number>`${purchaseWeight}`.as('score') })
            .from(orderLines)
            .innerJoin(orders, eq(orders.id, orderLines.orderId))
            .where(and(eq(orders.status, 'paid'), sql`${orders.paidAt} >= ${since}`)),
        ),
    );
    const ranked = await this.db
      .with(activity)
      .select({ itemId: activity.itemId })
      .from(activity)
      .innerJoin(items, eq(items.itemId, activity.itemId))
      .where(eq(items.published, true))
      .groupBy(activity.itemId)
      .orderBy(sql`sum(${activity.score}) desc`, desc(activity.itemId))
      .limit(limit);
    return ranked.map((row) => row.itemId);
  }

  /** Counts a download (one row per item and UTC day). */
  async addDownload(itemId: string): Promise<void> {
    await this.db
      .insert(itemDownloadsDaily)
      .values({ itemId, day: sql`(now() at time zone 'utc')::date`, downloads: 1 })
      .onConflictDoUpdate({
        target: [itemDownloadsDaily.itemId, itemDownloadsDaily.day],
        set: { downloads: sql`${itemDownloadsDaily.downloads} + 1` },
      });
  }

  /** Live items without a card clip, with their files. */
  async liveWithoutPreview(): Promise<Pick<ItemRow, 'itemId' | 'downloads'>[]> {
    return this.db
      .select({ itemId: items.itemId, downloads: items.downloads })
      .from(items)
      .where(and(eq(items.photoType, 'live'), eq(items.preview, '')));
  }

  /** Every item's perceptual hash, for spotting near-duplicates among new sources. */
  async perceptualHashes(): Promise<{ itemId: string; phash: string }[]> {
    const rows = await this.db
      .select({ itemId: items.itemId, phash: sql<string | null>`${items.media}->>'phash'` })
      .from(items)
      .where(sql`${items.media} ? 'phash'`);
    return rows.filter((row): row is { itemId: string; phash: string } => row.phash !== null);
  }
}
