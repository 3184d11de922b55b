import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDollars } from '../../contract/money.ts';
import type { ReviewEntryDetail, ReviewListItem } from '../../contract/review.ts';
import { REVIEW_MESSAGES } from '../../contract/constants.ts';
import type { Database } from '../db/client.ts';
import { waitingItems } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { itemPrivateFolder, itemPublicFolder } from './stored-files.ts';

export type WaitingRow = typeof waitingItems.$inferSelect;
export const MAX_ATTEMPTS = 3;

/**
 * The review queue: sources waiting to be processed, their drafts, and the reviewer's actions.
 * Workers claim entries here; several may run against one PostgreSQL server.
 */
export class WaitingListService {
  private readonly deps: { db: Database; storage: Storage; catalogue: CatalogueService };

  constructor(deps: { db: Database; storage: Storage; catalogue: CatalogueService }) {
    this.deps = deps;
  }

  async add(sources: { key: string; name: string }[]): Promise<ReviewListItem[]> {
    if (!sources.length) return [];
    const rows = await this.deps.db.insert(waitingItems).values(sources.map((s) => ({ sourceKey: s.key, sourceName: s.name }))).returning();
    return rows.map(toReviewItem);
  }

  async list(filter: 'all' | 'reviewed' | 'not-reviewed'): Promise<ReviewListItem[]> {
    const rows = await this.deps.db
      .select()
      .from(waitingItems)
      .where(filter === 'all' ? undefined : eq(waitingItems.review, filter === 'reviewed'))
      .orderBy(desc(waitingItems.numberId));
    return rows.map(toReviewItem);
  }

  async get(id: string): Promise<WaitingRow> {
    const [row] = await this.deps.db.select().from(waitingItems).where(eq(waitingItems.id, id));
    if (!row) throw new HttpError(404, REVIEW_MESSAGES.notFound);
    return row;
  }

  async detail(id: string): Promise<ReviewEntryDetail> {
    const row = await this.get(id);
    const draft = row.itemId ? await this.deps.catalogue.findRow(row.itemId) : undefined;
    return {
      ...toReviewItem(row),
      ...(draft && { draft: { name: draft.name, tags: draft.tags, price: centsToDollars(draft.priceCents), freeDownload: draft.freeDownload } }),
    };
  }

  /** Publishes the entry's draft. Refused without a draft, and for an entry already reviewed. */
  async markReviewed(id: string): Promise<ReviewListItem> {
    const row = await this.get(id);
    if (!row.itemId || !row.itemUrl) throw new HttpError(400, REVIEW_MESSAGES.missing);
    const [marked] = await this.deps.db
      .update(waitingItems)
      .set({ review: true, updatedAt: new Date() })
      .where(and(eq(waitingItems.id, id), eq(waitingItems.review, false)))
      .returning();
    if (!marked) throw new HttpError(409, REVIEW_MESSAGES.alreadyReviewed);
    await this.deps.catalogue.update(row.itemId, { published: true });
    return toReviewItem(marked);
  }

  /** Throws away the draft and its files and puts the source at the front of the queue. */
  async redo(id: string): Promise<ReviewListItem> {
    const row = await this.get(id);
    await this.removeDraft(row);
    const [front] = await this.deps.db.select({ top: sql<number>`coalesce(max(${waitingItems.priority}), 0)` }).from(waitingItems);
    const [reset] = await this.deps.db
      .update(waitingItems)
      .set({ status: 'queued', priority: Number(front!.top) + 1, attempts: 0, leaseUntil: null, failureReason: null, review: false, itemId: null, itemUrl: null, flags: [], phash: null, updatedAt: new Date() })
      .where(eq(waitingItems.id, id))
      .returning();
    return toReviewItem(reset!);
  }

  /** Removes the source, the draft with its files, and the entry. */
  async remove(id: string): Promise<void> {
    const row = await this.get(id);
    await this.removeDraft(row);
    await this.deps.storage.delete(row.sourceKey);
    await this.deps.db.delete(waitingItems).where(eq(waitingItems.id, id));
  }

  /**
   * Claims the highest-priority, oldest entry that is queued or whose worker's lease ran out,
   * with FOR UPDATE SKIP LOCKED so concurrent workers never take the same one.
   */
  async claim(leaseMs: number): Promise<WaitingRow | undefined> {
    const result = await this.deps.db.execute(sql`
      update ${waitingItems}
      set status = 'in_process', attempts = attempts + 1, lease_until = now() + ${`${leaseMs} milliseconds`}::interval, updated_at = now()
      where id = (
        select id from ${waitingItems}
        where attempts < ${MAX_ATTEMPTS} and (status = 'queued' or (status = 'in_process' and lease_until < now()))
        order by priority desc, number_id asc
        limit 1
        for update skip locked
      )
      returning id`);
    const id = (result as unknown as { rows: { id: string }[] }).rows[0]?.id;
    return id ? this.get(id) : undefined;
  }

  async finish(id: string, result: { itemId: string; itemUrl: string; flags: string[]; phash: string }): Promise<void> {
    await this.deps.db
      .update(waitingItems)
      .set({ status: 'done', leaseUntil: null, failureReason: null, ...result, updatedAt: new Date() })
      .where(and(eq(waitingItems.id, id), eq(waitingItems.status, 'in_process')));
  }

  /** A failed attempt: queued again until the third, then failed for good with the reason. */
  async fail(row: WaitingRow, reason: string): Promise<void> {
    await this.deps.db
      .update(waitingItems)
      .set({ status: row.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued', leaseUntil: null, failureReason: reason.slice(0, 500), updatedAt: new Date() })
      .where(eq(waitingItems.id, row.id));
  }

  /** How many entries still wait or are being processed (the review page refreshes meanwhile). */
  async pending(): Promise<number> {
    const [row] = await this.deps.db
      .select({ n: sql<number>`count(*)` })
      .from(waitingItems)
      .where(inArray(waitingItems.status, ['queued', 'in_process']));
    return Number(row?.n ?? 0);
  }

  private async removeDraft(row: WaitingRow): Promise<void> {
    if (!row.itemId) return;
    await this.deps.catalogue.remove(row.itemId);
    for (const folder of [itemPublicFolder(row.itemId), itemPrivateFolder(row.itemId)]) {
      const { items } = await this.deps.storage.list({ prefix: `${folder}/`, pageSize: 1000 });
      await Promise.all(items.map((object) => this.deps.storage.delete(object.fullPath)));
    }
  }
}

function toReviewItem(row: WaitingRow): ReviewListItem {
  return {
    _id: row.id,
    numberId: row.numberId,
    url: `/api/items/waiting/${row.id}/source`,
    itemUrl: row.itemUrl ?? '',
    status: row.status,
    review: row.review,
    itemId: row.itemId ?? '',
    name: row.sourceName,
    flags: row.flags,
    failureReason: row.failureReason ?? '',
  };
}
