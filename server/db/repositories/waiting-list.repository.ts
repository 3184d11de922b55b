import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { items, waitingItems } from '../schema.ts';
import { rowsOf } from './raw-rows.ts';

export type WaitingRow = typeof waitingItems.$inferSelect;

/** The review queue's entries: sources waiting to be processed and their drafts. */
export class WaitingListRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async add(sources: { key: string; name: string }[]): Promise<WaitingRow[]> {
    return this.db
      .insert(waitingItems)
      .values(sources.map((source) => ({ sourceKey: source.key, sourceName: source.name })))
      .returning();
  }

  /** Entries newest first, each with whether its draft is published; `reviewed` filters. */
  async list(reviewed: boolean | undefined): Promise<{ entry: WaitingRow; published: boolean }[]> {
    const rows = await this.db
      .select({ entry: waitingItems, published: items.published })
      .from(waitingItems)
      .leftJoin(items, eq(items.itemId, waitingItems.itemId))
      .where(reviewed === undefined ? undefined : eq(waitingItems.review, reviewed))
      .orderBy(desc(waitingItems.numberId));
    return rows.map((row) => ({ entry: row.entry, published: row.published ?? false }));
  }

  async byId(id: string): Promise<WaitingRow | undefined> {
    const [row] = await this.db.select().from(waitingItems).where(eq(waitingItems.id, id));
    return row;
  }

  /** Marks an entry reviewed, once: undefined when it already was. */
  async markReviewed(id: string): Promise<WaitingRow | undefined> {
    const [marked] = await this.db
      .update(waitingItems)
      .set({ review: true, updatedAt: new Date() })
      .where(and(eq(waitingItems.id, id), eq(waitingItems.review, false)))
      .returning();
    return marked;
  }

  /** Queues an entry again, in front of every other, without its draft. */
  async requeueFirst(id: string): Promise<WaitingRow | undefined> {
    const [front] = await this.db
      .select({ top: sql<number>`coalesce(max(${waitingItems.priority}), 0)` })
      .from(waitingItems);
    const [reset] = await this.db
      .update(waitingItems)
      .set({
        status: 'queued',
        priority: Number(front!.top) + 1,
        attempts: 0,
        leaseUntil: null,
        failureReason: null,
        review: false,
        itemId: null,
        itemUrl: null,
        flags: [],
        phash: null,
        updatedAt: new Date(),
      })
      .where(eq(waitingItems.id, id))
      .returning();
    return reset;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(waitingItems).where(eq(waitingItems.id, id));
  }

  /** Entries whose draft was this item lose it (marking them reviewed is then refused). */
  async forgetDraft(itemId: string): Promise<void> {
    await this.db.update(waitingItems).set({ itemId: null, itemUrl: null }).where(eq(waitingItems.itemId, itemId));
  }

  /**
   * Claims the highest-priority, oldest entry that is queued or whose worker's lease ran out,
   * with FOR UPDATE SKIP LOCKED so concurrent workers never take the same one.
   */
  async claim(leaseMs: number, maxAttempts: number): Promise<WaitingRow | undefined> {
    const result = await this.db.execute(sql`
      update ${waitingItems}
      set status = 'in_process', attempts = attempts + 1, lease_until = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()
      where id = (
        select id from ${waitingItems}
        where attempts < ${maxAttempts} and (status = 'queued' or (status = 'in_process' and lease_until < now()))
        order by priority desc, number_id asc
        limit 1
        for update skip locked
      )
      returning id`);
    const id = rowsOf<{ id: string }>(result)[0]?.id;
    return id ? this.byId(id) : undefined;
  }

  async finish(id: string, result: { itemId: string; itemUrl: string; flags: string[]; phash: string }): Promise<void> {
    await this.db
      .update(waitingItems)
      .set({ status: 'done', leaseUntil: null, failureReason: null, ...result, updatedAt: new Date() })
      .where(and(eq(waitingItems.id, id), eq(waitingItems.status, 'in_process')));
  }

  async markAttemptFailed(id: string, status: 'queued' | 'failed', reason: string): Promise<void> {
    await this.db
      .update(waitingItems)
      .set({ status, leaseUntil: null, failureReason: reason, updatedAt: new Date() })
      .where(eq(waitingItems.id, id));
  }

  /** Which of these storage keys are the source of an entry. */
  async referencedSources(keys: string[]): Promise<Set<string>> {
    const rows = await this.db
      .select({ key: waitingItems.sourceKey })
      .from(waitingItems)
      .where(inArray(waitingItems.sourceKey, keys));
    return new Set(rows.map((row) => row.key));
  }

  /** For the metrics: sources waiting to be processed, and how long the oldest has. */
  async backlog(): Promise<{ queued: number; oldestSeconds: number }> {
    const [row] = await this.db
      .select({
        queued: sql<number>`count(*)`,
        oldest: sql<number>`coalesce(extract(epoch from now() - min(${waitingItems.createdAt})), 0)`,
      })
      .from(waitingItems)
      .where(eq(waitingItems.status, 'queued'));
    return { queued: Number(row?.queued ?? 0), oldestSeconds: Number(row?.oldest ?? 0) };
  }
}
