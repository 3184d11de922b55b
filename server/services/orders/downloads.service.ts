import { MESSAGES } from '#contract/constants.ts';
import type { Size } from '#contract/device-crop.ts';
import { DomainError } from '../../shared/errors.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { DeviceFitService } from '../catalogue/device-fit.service.ts';

/** A file to send: where it is stored, the name it is saved under and the item it belongs to. */
export interface DownloadFile {
  key: string;
  name: string;
  itemId: string;
}

/**
 * Who may download what: a free item's files to anyone while it is published, a bought file
 * through its signed link, and either cut to one phone's screen (decision 028).
 */
export class DownloadsService {
  private readonly deps: { catalogue: CatalogueService; checkout: CheckoutService; deviceFit: DeviceFitService };

  constructor(deps: DownloadsService['deps']) {
    this.deps = deps;
  }

  /** A bought file, from its signed link; with `screen`, its image cut for that phone. */
  async bought(token: string, screen?: Size): Promise<DownloadFile> {
    const granted = await this.deps.checkout.download(token);
    if (!screen) return granted;
    const row = await this.deps.catalogue.findRow(granted.itemId);
    if (!row) throw new DomainError('not-found', MESSAGES.itemNotFound);
    return { ...(await this.deps.deviceFit.file(row, screen)), itemId: granted.itemId };
  }

  /** File `index` of a free item. */
  async free(itemId: string, index: number): Promise<DownloadFile> {
    const row = await this.freeRow(itemId);
    const file = row.downloads[index];
    if (!file) throw new DomainError('not-found', 'This item has no such file.');
    return { key: file.key, name: file.name, itemId };
  }

  /** A free item's image cut for one phone screen. */
  async freeForScreen(itemId: string, screen: Size): Promise<DownloadFile> {
    const row = await this.freeRow(itemId);
    return { ...(await this.deps.deviceFit.file(row, screen)), itemId };
  }

  /** Counts a download of an item for what is popular. */
  count(itemId: string): Promise<void> {
    return this.deps.catalogue.recordDownload(itemId);
  }

  /** A free item's published row, or the reason it cannot be downloaded. */
  private async freeRow(itemId: string) {
    const row = await this.deps.catalogue.findRow(itemId);
    if (!row?.published) throw new DomainError('not-found', MESSAGES.itemNotFound);
    if (!row.freeDownload) throw new DomainError('forbidden', 'This wallpaper is not free: buy it to download it.');
    return row;
  }
}
