import { buffer } from 'node:stream/consumers';
import pLimit from 'p-limit';
import { CENTRE, deviceCrop, type Size } from '#contract/device-crop.ts';
import type { ItemRow, StoredDownload } from '../../db/schema.ts';
import type { Media } from '../../providers/media/media.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { DomainError } from '../../shared/errors.ts';
import { IMMUTABLE_CACHE } from '../../shared/constants.ts';
import { itemPrivateFolder } from '../items/stored-files.ts';

/** A phone file's name in its item's folder starts with this and the item's version. */
const FIT_PREFIX = 'fit-v';
const FIT_VERSION = /^fit-v(\d+)-/;

/** Phone files rendered at once by one process; more wait their turn, up to MAX_WAITING. */
const RENDERS_AT_ONCE = 2;
const MAX_WAITING = 32;

/** A phone's own file of an item, as stored: where it is and the name it is saved under. */
export interface DeviceFile {
  key: string;
  name: string;
}

/**
 * Files made for one phone screen (decision 028): an item's image original cropped around its
 * focal point to the screen's exact pixels. Each is rendered once, on first request, and kept
 * in storage under a key of the item's version, the size and the focal point, so a change of
 * the item or of its focal point makes a new one. Renders go through a bounded queue.
 */
export class DeviceFitService {
  private readonly storage: Storage;
  private readonly media: Media;
  private readonly queue = pLimit(RENDERS_AT_ONCE);
  /** Renders under way, so a burst of requests for one file renders it once. */
  private readonly rendering = new Map<string, Promise<void>>();

  constructor(deps: { storage: Storage; media: Media }) {
    this.storage = deps.storage;
    this.media = deps.media;
  }

  /** The item's file for `screen`, rendered now if it was never asked for. */
  async file(row: ItemRow, screen: Size): Promise<DeviceFile> {
    const image = row.downloads.find((file) => file.contentType.startsWith('image/'));
    if (!image) throw new DomainError('not-found', 'This item has no image to fit to a phone.');
    // The largest copy of the same frame the store keeps.
    const original = row.media.large ?? { key: image.key, ...sizeOf(image) };
    const focal = row.media.focal ?? CENTRE;
    const crop = deviceCrop(original, screen, focal);
    if (!crop.fits) {
      throw new DomainError(
        'invalid',
        `This wallpaper is ${original.width}x${original.height}: for a ${screen.width}×${screen.height} screen it would be enlarged ${crop.scale.toFixed(2)}×. Download the original instead.`,
      );
    }
    const perMille = (fraction: number) => Math.round(fraction * 1000);
    const size = `${screen.width}x${screen.height}`;
    const key = `${itemPrivateFolder(row.itemId)}/${FIT_PREFIX}${row.version}-${size}-${perMille(focal.x)}-${perMille(focal.y)}.jpg`;
    const name = `${row.itemId}-${size}.jpg`;
    if (await this.storage.stat(key)) return { key, name };

    let render = this.rendering.get(key);
    if (!render) {
      if (this.queue.pendingCount >= MAX_WAITING) {
        throw new DomainError('too-many-requests', 'Many phone files are being made right now. Try again in a minute.');
      }
      render = this.queue(async () => {
        const source = await buffer(await this.storage.get(original.key));
        const data = await this.media.crop(source, crop, screen);
        await this.storage.put(key, data, { contentType: 'image/jpeg', cacheControl: IMMUTABLE_CACHE });
      }).finally(() => this.rendering.delete(key));
      this.rendering.set(key, render);
    }
    await render;
    return { key, name };
  }

  /**
   * Deletes the item's phone files of versions before `version`: no link names them any more
   * (a link is made from the item as it is). A render of an older version still under way when
   * this runs leaves its file, which the next change's run removes.
   */
  async removeStale(itemId: string, version: number): Promise<void> {
    const folder = `${itemPrivateFolder(itemId)}/`;
    const stale: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await this.storage.list({ prefix: folder, pageSize: 1000, pageToken });
      for (const object of page.items) {
        const made = object.fullPath.slice(folder.length).match(FIT_VERSION);
        if (made && Number(made[1]) < version) stale.push(object.fullPath);
      }
      pageToken = page.nextPageToken;
    } while (pageToken);
    await Promise.all(stale.map((key) => this.storage.delete(key)));
  }
}

function sizeOf(file: StoredDownload): Size {
  const [width, height] = file.dimensions.split('x').map(Number) as [number, number];
  return { width, height };
}
