import type { ItemsRepository } from '../../db/repositories/items.repository.ts';
import type { WaitingListRepository } from '../../db/repositories/waiting-list.repository.ts';
import type { Storage } from '../../providers/storage/storage.ts';

const PAGE = 1000;

export interface SweepResult {
  /** Unfinished writes of killed uploads. */
  temporary: number;
  /** Files under images/items/{id}/ or downloads/items/{id}/ of an item that does not exist. */
  orphanItemFiles: number;
  /** Source images no waiting-list entry refers to. */
  orphanSources: number;
}

interface SweeperDependencies {
  items: ItemsRepository;
  waitingList: WaitingListRepository;
  storage: Storage;
  graceMs: number;
}

/**
 * Deletes what a crash or a refused request left behind (decision 016): unfinished writes,
 * files of items that were never created (a kill between their files and their row), and
 * sources of the waiting list without an entry. Only what is older than the grace period goes,
 * so an upload whose item is still being saved is left alone. Runs in the worker.
 */
export class Sweeper {
  private readonly deps: SweeperDependencies;

  constructor(deps: SweeperDependencies) {
    this.deps = deps;
  }

  async sweep(now = new Date()): Promise<SweepResult> {
    const before = new Date(now.getTime() - this.deps.graceMs);
    const temporary = await this.deps.storage.removeAbandonedWrites(before);
    let orphanItemFiles = 0;
    for (const prefix of ['images/items/', 'downloads/items/']) {
      for (let pageToken: string | undefined, first = true; first || pageToken; first = false) {
        const page = await this.deps.storage.listFolders({ prefix, pageSize: PAGE, pageToken });
        pageToken = page.nextPageToken;
        if (!page.folders.length) continue;
        const known = await this.deps.items.existingIds(page.folders);
        for (const itemId of page.folders.filter((id) => !known.has(id)))
          orphanItemFiles += await this.deleteOlder(`${prefix}${itemId}/`, before);
      }
    }
    const orphanSources = await this.deleteUnreferencedSources(before);
    return { temporary, orphanItemFiles, orphanSources };
  }

  /** Deletes a folder's files when all are older than `before` (a newer one means its item may still be on its way). */
  private async deleteOlder(prefix: string, before: Date): Promise<number> {
    const keys: string[] = [];
    for (let pageToken: string | undefined, first = true; first || pageToken; first = false) {
      const page = await this.deps.storage.list({ prefix, pageSize: PAGE, pageToken });
      pageToken = page.nextPageToken;
      if (page.items.some((object) => new Date(object.updated) >= before)) return 0;
      keys.push(...page.items.map((object) => object.fullPath));
    }
    await Promise.all(keys.map((key) => this.deps.storage.delete(key)));
    return keys.length;
  }

  private async deleteUnreferencedSources(before: Date): Promise<number> {
    let deleted = 0;
    for (let pageToken: string | undefined, first = true; first || pageToken; first = false) {
      const page = await this.deps.storage.list({ prefix: 'sources/', pageSize: PAGE, pageToken });
      pageToken = page.nextPageToken;
      const old = page.items.filter((object) => new Date(object.updated) < before).map((object) => object.fullPath);
      if (!old.length) continue;
      const keep = await this.deps.waitingList.referencedSources(old);
      const orphans = old.filter((key) => !keep.has(key));
      await Promise.all(orphans.map((key) => this.deps.storage.delete(key)));
      deleted += orphans.length;
    }
    return deleted;
  }
}
