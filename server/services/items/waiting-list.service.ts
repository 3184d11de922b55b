import { centsToDollars } from '#contract/money.ts';
import type { ReviewEntryDetail, ReviewListItem } from '#contract/review.ts';
import { REVIEW_MESSAGES } from '#contract/constants.ts';
import type { WaitingListRepository, WaitingRow } from '../../db/repositories/waiting-list.repository.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { DomainError } from '../../shared/errors.ts';
import type { ItemLifecycleService } from './item-lifecycle.service.ts';
import type { Actor, AdminLogService } from '../platform/admin-log.service.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { UploadsService } from './uploads.service.ts';
import { CENTRE } from '#contract/device-crop.ts';

export type { WaitingRow };
export const MAX_ATTEMPTS = 3;

interface WaitingListDependencies {
  entries: WaitingListRepository;
  storage: Storage;
  catalogue: CatalogueService;
  /** Drafts are removed the one way items are: never one that was sold, with every file. */
  lifecycle: Pick<ItemLifecycleService, 'discard'>;
  adminLog: Pick<AdminLogService, 'record'>;
  uploads: Pick<UploadsService, 'storeSource'>;
}

/** A source image as an upload brings it: its name and its bytes, and whether they were cut at the size limit. */
export interface SourceUpload {
  fileName: string;
  stream: AsyncIterable<Buffer>;
  truncated: () => boolean;
}

/**
 * The review queue: sources waiting to be processed, their drafts, and the reviewer's actions.
 * Workers claim entries here; several may run against one PostgreSQL server.
 */
export class WaitingListService {
  private readonly deps: WaitingListDependencies;

  constructor(deps: WaitingListDependencies) {
    this.deps = deps;
  }

  /**
   * Stores uploaded source images and queues them, all or none: a refused file, or any later
   * failure, removes what was stored.
   */
  async addUploads(uploads: AsyncIterable<SourceUpload>): Promise<ReviewListItem[]> {
    const stored: { key: string; name: string }[] = [];
    try {
      for await (const upload of uploads) {
        stored.push({ key: (await this.deps.uploads.storeSource(upload)).key, name: upload.fileName });
      }
      if (!stored.length) throw new DomainError('invalid', 'No image was sent.');
      return await this.add(stored);
    } catch (error) {
      await Promise.all(stored.map((source) => this.deps.storage.delete(source.key)));
      throw error;
    }
  }

  async add(sources: { key: string; name: string }[]): Promise<ReviewListItem[]> {
    if (!sources.length) return [];
    return (await this.deps.entries.add(sources)).map((row) => toReviewItem(row, false));
  }

  async list(filter: 'all' | 'reviewed' | 'not-reviewed'): Promise<ReviewListItem[]> {
    const rows = await this.deps.entries.list(filter === 'all' ? undefined : filter === 'reviewed');
    return rows.map((row) => toReviewItem(row.entry, row.published));
  }

  async get(id: string): Promise<WaitingRow> {
    const row = await this.deps.entries.byId(id);
    if (!row) throw new DomainError('not-found', REVIEW_MESSAGES.notFound);
    return row;
  }

  async detail(id: string): Promise<ReviewEntryDetail> {
    const row = await this.get(id);
    const draft = row.itemId ? await this.deps.catalogue.findRow(row.itemId) : undefined;
    return {
      ...toReviewItem(row, draft?.published ?? false),
      ...(draft && {
        draft: {
          name: draft.name,
          tags: draft.tags,
          price: centsToDollars(draft.priceCents),
          freeDownload: draft.freeDownload,
          focalPoint: draft.media.focal ?? CENTRE,
        },
      }),
    };
  }

  /** Publishes the entry's draft. Refused without a draft, and for an entry already reviewed. */
  async markReviewed(id: string, actor: Actor): Promise<ReviewListItem> {
    const row = await this.get(id);
    if (!row.itemId || !row.itemUrl) throw new DomainError('invalid', REVIEW_MESSAGES.missing);
    const marked = await this.deps.entries.markReviewed(id);
    if (!marked) throw new DomainError('conflict', REVIEW_MESSAGES.alreadyReviewed);
    await this.deps.catalogue.update(row.itemId, { published: true });
    await this.logReview(actor, 'review.reviewed', row);
    return toReviewItem(marked, true);
  }

  /**
   * Throws away the draft and its files and puts the source at the front of the queue. A
   * published draft leaves the store; one that was sold is kept, and nothing changes (409).
   */
  async redo(id: string, actor: Actor): Promise<ReviewListItem> {
    const row = await this.get(id);
    if (row.itemId) await this.deps.lifecycle.discard(row.itemId);
    const reset = await this.deps.entries.requeueFirst(id);
    await this.logReview(actor, 'review.redo', row);
    return toReviewItem(reset!, false);
  }

  /** Removes the source, the draft with its files, and the entry; refused like redo for a sold draft. */
  async remove(id: string, actor: Actor): Promise<void> {
    const row = await this.get(id);
    if (row.itemId) await this.deps.lifecycle.discard(row.itemId);
    await this.deps.storage.delete(row.sourceKey);
    await this.deps.entries.remove(id);
    await this.logReview(actor, 'review.delete', row);
  }

  private logReview(actor: Actor, action: 'review.reviewed' | 'review.redo' | 'review.delete', row: WaitingRow) {
    return this.deps.adminLog.record(actor, {
      action,
      target: `#${row.numberId} ${row.sourceName}`,
      ...(row.itemId && { after: { itemId: row.itemId } }),
    });
  }

  /**
   * Claims the highest-priority, oldest entry that is queued or whose worker's lease ran out;
   * concurrent workers never take the same one.
   */
  claim(leaseMs: number): Promise<WaitingRow | undefined> {
    return this.deps.entries.claim(leaseMs, MAX_ATTEMPTS);
  }

  finish(id: string, result: { itemId: string; itemUrl: string; flags: string[]; phash: string }): Promise<void> {
    return this.deps.entries.finish(id, result);
  }

  /** A failed attempt: queued again until the third, then failed for good with the reason. */
  fail(row: WaitingRow, reason: string): Promise<void> {
    return this.deps.entries.markAttemptFailed(
      row.id,
      row.attempts >= MAX_ATTEMPTS ? 'failed' : 'queued',
      reason.slice(0, 500),
    );
  }
}

function toReviewItem(row: WaitingRow, published: boolean): ReviewListItem {
  return {
    _id: row.id,
    numberId: row.numberId,
    url: `/api/items/waiting/${row.id}/source`,
    itemUrl: row.itemUrl ?? '',
    status: row.status,
    review: row.review,
    published,
    itemId: row.itemId ?? '',
    name: row.sourceName,
    flags: row.flags,
    failureReason: row.failureReason ?? '',
  };
}
