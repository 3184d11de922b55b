import { ITEM_MESSAGES } from '../../shared/constants.ts';
import type { OrdersRepository } from '../../db/repositories/orders.repository.ts';
import type { WaitingListRepository } from '../../db/repositories/waiting-list.repository.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { DomainError } from '../../shared/errors.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { BundlesService } from '../catalogue/bundles.service.ts';
import { deleteItemFiles } from './stored-files.ts';
import type { Actor, AdminLogService } from '../platform/admin-log.service.ts';
import { centsToDollars } from '#contract/money.ts';

/**
 * The one way an item leaves the store for good, from the admin pages or the review queue: its
 * row, its draft's place in the queue and every stored file go, unless it was ever sold (its
 * buyers keep it; unpublishing hides it instead) or is in a bundle on sale.
 */
export class ItemLifecycleService {
  private readonly deps: {
    catalogue: CatalogueService;
    orders: Pick<OrdersRepository, 'soldAmong'>;
    bundles: Pick<BundlesService, 'publishedHolding'>;
    waitingList: Pick<WaitingListRepository, 'forgetDraft'>;
    storage: Storage;
    adminLog: Pick<AdminLogService, 'record'>;
  };

  constructor(deps: ItemLifecycleService['deps']) {
    this.deps = deps;
  }

  /** Which of these items were ever sold: those can be unpublished, never removed. */
  soldAmong(itemIds: string[]): Promise<string[]> {
    return this.deps.orders.soldAmong(itemIds);
  }

  /** Removes an item and its files; 404 when there is no such item, 409 when it was sold. */
  async remove(itemId: string, actor: Actor): Promise<void> {
    const row = await this.deps.catalogue.findRow(itemId);
    if (!row) throw new DomainError('not-found', 'Item not found');
    await this.discard(itemId);
    await this.deps.adminLog.record(actor, {
      action: 'item.delete',
      target: itemId,
      before: { name: row.name, price: centsToDollars(row.priceCents), published: row.published },
    });
  }

  /**
   * Removes whatever exists of an item (its row, every stored file) unless it was ever ordered:
   * then nothing changes and the answer is 409. Also for drafts of the review queue, whose row
   * may be missing while files remain.
   */
  async discard(itemId: string): Promise<void> {
    if ((await this.soldAmong([itemId])).length) throw new DomainError('conflict', ITEM_MESSAGES.soldStays);
    // A bundle on sale would change under its shoppers; an unpublished one just loses the item.
    const bundles = await this.deps.bundles.publishedHolding(itemId);
    if (bundles.length) throw new DomainError('conflict', ITEM_MESSAGES.inBundle(bundles));
    await this.deps.catalogue.remove(itemId);
    // A review entry whose draft this was has no draft any more: marking it reviewed is refused.
    await this.deps.waitingList.forgetDraft(itemId);
    await deleteItemFiles(this.deps.storage, itemId);
  }
}
