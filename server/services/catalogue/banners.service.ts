import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  BANNER_SIZE,
  BANNER_SMALL_SIZE,
  MAX_ACTIVE_BANNERS,
  type Banner,
  type BannerFields,
  type UpdateBannerBody,
} from '#contract/banners.ts';
import type { BannerChange, BannerRow, BannersRepository } from '../../db/repositories/banners.repository.ts';
import type { RunInTransaction } from '../../db/repositories/transactions.ts';
import type { Media } from '../../providers/media/media.ts';
import { PUBLIC_PREFIX, type Storage } from '../../providers/storage/storage.ts';
import { DomainError } from '../../shared/errors.ts';
import type { Actor, AdminLogService } from '../platform/admin-log.service.ts';
import type { UploadsService } from '../items/uploads.service.ts';
import { putContentAddressed } from '../items/stored-files.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { ItemLinks } from './item-view.ts';

const FOLDER = `${PUBLIC_PREFIX}banners`;
const NOT_FOUND = 'This banner does not exist.';

type UploadedFile = Parameters<UploadsService['storeSource']>[0];

/**
 * The owner's banners (decision 044): a title, the tag whose wallpapers it opens and a picture
 * made from the owner's image at the app's banner size, shown on the web home and as the
 * Android app's home banners while active.
 */
export class BannersService {
  private readonly deps: {
    banners: BannersRepository;
    uploads: Pick<UploadsService, 'storeSource'>;
    storage: Storage;
    media: Pick<Media, 'image'>;
    inTransaction: RunInTransaction;
    adminLog: Pick<AdminLogService, 'record'>;
    links: ItemLinks;
    /** The pages that show the banners are kept per catalogue version: a change to them moves it on. */
    catalogue: Pick<CatalogueService, 'changed'>;
  };

  constructor(deps: BannersService['deps']) {
    this.deps = deps;
  }

  async list(): Promise<Banner[]> {
    return (await this.deps.banners.list()).map((row) => this.view(row));
  }

  /** What the web home and the app show, in order. */
  async active(): Promise<Banner[]> {
    return (await this.deps.banners.active(MAX_ACTIVE_BANNERS)).map((row) => this.view(row));
  }

  /** Makes a banner from an uploaded image (checked as every upload is), cropped to cover the banner's size. */
  async create(actor: Actor, fields: BannerFields, file: UploadedFile): Promise<Banner> {
    const source = await this.deps.uploads.storeSource(file);
    let keys: { imageKey: string; smallKey: string };
    try {
      const picture = await buffer(await this.deps.storage.get(source.key));
      const [image, small] = await Promise.all(
        [BANNER_SIZE, BANNER_SMALL_SIZE].map(async (size) => {
          const made = await this.deps.media.image(picture, { ...size, format: 'webp', quality: 82 });
          // Its own name even when another banner has the same picture: deleting one keeps the other's.
          const label = `${randomBytes(4).toString('hex')}-${size.width}.webp`;
          return (await putContentAddressed(this.deps.storage, FOLDER, label, made.data, 'image/webp')).key;
        }),
      );
      keys = { imageKey: image!, smallKey: small! };
    } finally {
      await this.deps.storage.delete(source.key);
    }
    const made = await this.deps.inTransaction(async (tx) => {
      const row = await this.deps.banners.insert({ ...fields, ...keys }, tx);
      await this.deps.adminLog.record(
        actor,
        { action: 'banner.create', target: `banner ${row.id}`, after: fields },
        tx,
      );
      return this.view(row);
    });
    await this.deps.catalogue.changed();
    return made;
  }

  async update(actor: Actor, id: number, body: UpdateBannerBody): Promise<Banner> {
    const changed = await this.deps.inTransaction(async (tx) => {
      const before = await this.deps.banners.byId(id, tx);
      if (!before) throw new DomainError('not-found', NOT_FOUND);
      const { move, ...fields } = body;
      const change: BannerChange = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      if (move) {
        // Swaps places with the banner next to it; the first can't go up, nor the last down.
        const other = await this.deps.banners.neighbour(before.position, move, tx);
        if (other) {
          await this.deps.banners.update(other.id, { position: before.position }, tx);
          change.position = other.position;
        }
      }
      const after = Object.keys(change).length ? await this.deps.banners.update(id, change, tx) : before;
      await this.deps.adminLog.record(
        actor,
        {
          action: 'banner.update',
          target: `banner ${id}`,
          before: pick(before, Object.keys(change)),
          after: pick(after, Object.keys(change)),
        },
        tx,
      );
      return this.view(after);
    });
    await this.deps.catalogue.changed();
    return changed;
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const removed = await this.deps.inTransaction(async (tx) => {
      const row = await this.deps.banners.byId(id, tx);
      if (!row) throw new DomainError('not-found', NOT_FOUND);
      await this.deps.banners.remove(id, tx);
      await this.deps.adminLog.record(
        actor,
        { action: 'banner.delete', target: `banner ${id}`, before: { title: row.title, tag: row.tag } },
        tx,
      );
      return row;
    });
    await this.deps.catalogue.changed();
    await Promise.all([removed.imageKey, removed.smallKey].map((key) => this.deps.storage.delete(key)));
  }

  private view(row: BannerRow): Banner {
    const url = (key: string) => `${this.deps.links.assets}/${key.slice(PUBLIC_PREFIX.length)}`;
    return {
      id: row.id,
      title: row.title,
      tag: row.tag,
      image: url(row.imageKey),
      imageSmall: url(row.smallKey),
      active: row.active,
      position: row.position,
    };
  }
}

const pick = (row: BannerRow, keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, row[key as keyof BannerRow]]));
