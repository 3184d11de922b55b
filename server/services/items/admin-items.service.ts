import { buffer } from 'node:stream/consumers';
import {
  ADMIN_ITEMS_COUNTED,
  CreateItemBodySchema,
  type AdminItemsPage,
  type AdminItemsQuery,
  type CreateItemBody,
} from '#contract/admin.ts';
import { timestampId } from '#contract/ids.ts';
import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import type { ItemsRepository } from '../../db/repositories/items.repository.ts';
import type { StoredDownload } from '../../db/schema.ts';
import { DomainError } from '../../shared/errors.ts';
import type { Media } from '../../providers/media/media.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { jobKeys, type NewJob } from '../../shared/job-kinds.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { JobQueue } from '../platform/job-queue.ts';
import { toPublicItem, type ItemLinks } from '../catalogue/item-view.ts';
import type { ItemLifecycleService } from './item-lifecycle.service.ts';
import type { Actor, AdminLogService } from '../platform/admin-log.service.ts';
import {
  itemPrivateFolder,
  itemPublicFolder,
  putContentAddressed,
  storeAppImages,
  storeThumbnails,
} from './stored-files.ts';
import { slugify } from '#contract/text.ts';
import { CENTRE, type FocalPoint } from '#contract/device-crop.ts';

interface AdminItemsDependencies {
  items: ItemsRepository;
  storage: Storage;
  media: Media;
  catalogue: CatalogueService;
  lifecycle: Pick<ItemLifecycleService, 'soldAmong'>;
  jobs: JobQueue;
  links: ItemLinks;
  adminLog: Pick<AdminLogService, 'record'>;
}

/** What an administrator may change on an item. */
export interface ItemPatch {
  name?: string;
  price?: number;
  freeDownload?: boolean;
  tags?: string[];
  published?: boolean;
  focalPoint?: FocalPoint;
}

/** A live item's card clip: 3 seconds at 360x640. */
const LIVE_PREVIEW = { size: { width: 360, height: 640 }, seconds: 3 };

const livePreviewJob = (itemId: string, videoKey: string): NewJob => ({
  kind: 'live-preview',
  key: jobKeys.livePreview(itemId, videoKey),
  payload: { itemId, videoKey },
});

const appImagesJob = (itemId: string): NewJob => ({
  kind: 'item-app-images',
  key: jobKeys.itemAppImages(itemId),
  payload: { itemId },
});

const paletteJob = (itemId: string): NewJob => ({
  kind: 'item-palette',
  key: jobKeys.itemPalette(itemId),
  payload: { itemId },
});

/** Items made by hand from /upload, and edits and removals by administrators. */
export class AdminItemsService {
  private readonly deps: AdminItemsDependencies;

  constructor(deps: AdminItemsDependencies) {
    this.deps = deps;
  }

  /** A page of the admin catalogue: every item the filters find, published or not, and whether each was sold. */
  async list(query: AdminItemsQuery): Promise<AdminItemsPage> {
    const { q, tag, price, photoType, state, limit, offset } = query;
    const { rows, total, more } = await this.deps.items.adminPage(
      {
        q,
        tag,
        photoType,
        ...(price && { free: price === 'free' }),
        ...(state && { published: state === 'published' }),
      },
      { limit, offset, counted: ADMIN_ITEMS_COUNTED },
    );
    const sold = new Set(await this.deps.lifecycle.soldAmong(rows.map((row) => row.itemId)));
    return {
      items: rows.map((row) => ({
        ...toPublicItem(row, this.deps.links),
        published: row.published,
        sold: sold.has(row.itemId),
      })),
      total,
      more,
    };
  }

  async create(input: CreateItemBody, actor: Actor): Promise<{ itemId: string }> {
    const body = CreateItemBodySchema.parse(input);
    const itemId = body.itemId ?? timestampId();
    if (await this.deps.catalogue.findRow(itemId))
      throw new DomainError('conflict', `An item with itemId ${itemId} already exists.`);
    if (body.photoType === 'live' && !body.videoKey) throw new DomainError('invalid', 'downloadVideo is invalid!');
    await this.expectFile(body.thumbnailKey, itemPublicFolder(itemId), 'thumbnailImage is invalid!');
    const image = await this.expectFile(body.imageKey, itemPrivateFolder(itemId), 'downloadImage is invalid!');
    const video =
      body.photoType === 'live'
        ? await this.expectFile(body.videoKey!, itemPrivateFolder(itemId), 'downloadVideo is invalid!')
        : undefined;

    const cards = await storeThumbnails(
      this.deps.storage,
      this.deps.media,
      itemId,
      await buffer(await this.deps.storage.get(body.thumbnailKey)),
    );
    const base = slugify(body.name, 'wallpaper');
    // Each file's own size, read from it: what the form says is only the image's, and may be wrong.
    const sizeOf = ({ width, height }: { width: number; height: number }) => `${width}x${height}`;
    const imageSize = sizeOf(await this.deps.media.measure(await this.deps.storage.get(image.key)));
    const downloads: StoredDownload[] = [
      {
        key: image.key,
        name: `${base}-${imageSize}.${image.key.split('.').pop()}`,
        dimensions: imageSize,
        contentType: image.contentType,
      },
      ...(video
        ? [
            {
              key: video.key,
              name: `${base}-live.${video.key.split('.').pop()}`,
              dimensions: sizeOf(
                await this.deps.media.videoSize(await this.deps.storage.get(video.key)).catch(() => {
                  throw new DomainError('invalid', 'The video could not be read: upload it again.');
                }),
              ),
              contentType: video.contentType,
            },
          ]
        : []),
    ];
    await this.deps.catalogue.insert(
      [
        {
          itemId,
          name: body.name,
          priceCents: dollarsToCents(body.price),
          freeDownload: body.freeDownload,
          stars: body.stars,
          photoType: body.photoType,
          tags: body.tags,
          thumbnail: cards.thumbnails[1]!.file,
          preview: '',
          imageList: [
            { type: 'small', name: cards.thumbnails[0]!.file },
            { type: 'large', name: cards.thumbnails[1]!.file },
          ],
          downloads,
          media: cards,
          published: true,
        },
      ],
      async (tx) => {
        // Transcoding can take a while: the item is on sale at once, and its card gets the clip when the job has run.
        if (video) await this.deps.jobs.enqueue(livePreviewJob(itemId, video.key), tx);
        const { name, price, freeDownload, tags, photoType } = body;
        await this.deps.adminLog.record(
          actor,
          { action: 'item.create', target: itemId, after: { name, price, freeDownload, tags, photoType } },
          tx,
        );
      },
    );
    return { itemId };
  }

  /**
   * Live items of stores older than the outbox whose clip was never made get a job for it; the
   * server calls this at start, and a job already queued or done is left as it is.
   */
  async queueMissingLivePreviews(): Promise<void> {
    for (const item of await this.deps.items.liveWithoutPreview()) {
      const video = item.downloads.find((file) => file.contentType.startsWith('video/'));
      if (video) await this.deps.jobs.enqueue(livePreviewJob(item.itemId, video.key));
    }
  }

  /**
   * Items made before the colour filters: a palette already worked out is put in CIELAB at once,
   * a missing one gets a job that works it out from the original. The server calls this at start.
   */
  async queueMissingPalettes(): Promise<void> {
    let after = '';
    for (;;) {
      const rows = await this.deps.items.withoutColours(after, 500);
      if (rows.length === 0) return;
      for (const row of rows) {
        if (row.media.palette) await this.deps.items.storeColours(row.itemId, row.media);
        else await this.deps.jobs.enqueue(paletteJob(row.itemId));
      }
      after = rows.at(-1)!.itemId;
    }
  }

  /** The palette and share of near-black of an item made before palettes, from its original image. */
  async makePalette(itemId: string): Promise<void> {
    const row = await this.deps.catalogue.findRow(itemId);
    const original = row?.downloads.find((file) => file.contentType.startsWith('image/'));
    if (!row || row.media.palette || !original) return;
    const palette = await this.deps.media.palette(await buffer(await this.deps.storage.get(original.key)));
    await this.deps.catalogue.update(itemId, { media: { palette: palette.colours, darkShare: palette.darkShare } });
  }

  /**
   * Items made before the apps' images (decision 039) get a job that makes them; the server
   * calls this at start, and a job already queued or done is left as it is.
   */
  async queueMissingAppImages(): Promise<void> {
    let after = '';
    for (;;) {
      const itemIds = await this.deps.items.withoutAppImages(after, 500);
      if (itemIds.length === 0) return;
      for (const itemId of itemIds) await this.deps.jobs.enqueue(appImagesJob(itemId));
      after = itemIds.at(-1)!;
    }
  }

  /** The apps' HD preview and blurred placeholder of an item made before them, from its original image. */
  async makeAppImages(itemId: string): Promise<void> {
    const row = await this.deps.catalogue.findRow(itemId);
    const original = row?.downloads.find((file) => file.contentType.startsWith('image/'));
    if (!row || row.media.blurred || !original) return;
    const picture = await buffer(await this.deps.storage.get(original.key));
    const made = await storeAppImages(this.deps.storage, this.deps.media, itemId, picture, row.media.thumbnails);
    await this.deps.catalogue.update(itemId, { media: made });
  }

  /** The poster frame and the muted H.264 clip of a live item, made from its uploaded video. */
  async makeLivePreview(itemId: string, videoKey: string): Promise<void> {
    const video = await buffer(await this.deps.storage.get(videoKey));
    const { clip, poster } = await this.deps.media.livePreview(video, LIVE_PREVIEW.size, LIVE_PREVIEW.seconds);
    const folder = itemPublicFolder(itemId);
    const clipFile = await putContentAddressed(this.deps.storage, folder, 'preview.mp4', clip, 'video/mp4');
    const posterFile = await putContentAddressed(this.deps.storage, folder, 'poster.webp', poster, 'image/webp');
    await this.deps.catalogue.update(itemId, { preview: clipFile.file, media: { poster: posterFile.file } });
  }

  /** Changes an item and logs its fields before and after, together; the version bumps, so the store shows it at once. */
  async update(itemId: string, patch: ItemPatch, actor: Actor): Promise<void> {
    const row = await this.deps.catalogue.findRow(itemId);
    if (!row) throw new DomainError('not-found', 'Item not found');
    const { price, focalPoint, ...rest } = patch;
    const was: Required<ItemPatch> = {
      name: row.name,
      price: centsToDollars(row.priceCents),
      freeDownload: row.freeDownload,
      tags: row.tags,
      published: row.published,
      focalPoint: row.media.focal ?? CENTRE,
    };
    const fields = Object.keys(patch) as (keyof ItemPatch)[];
    // The focal point lives with the item's media; changing it bumps the version like any change.
    const changed = await this.deps.catalogue.update(
      itemId,
      {
        ...rest,
        ...(price !== undefined && { priceCents: dollarsToCents(price) }),
        ...(focalPoint && { media: { focal: focalPoint } }),
      },
      (tx) =>
        this.deps.adminLog.record(
          actor,
          {
            action: 'item.update',
            target: itemId,
            before: Object.fromEntries(fields.map((field) => [field, was[field]])),
            after: { ...patch },
          },
          tx,
        ),
    );
    if (!changed) throw new DomainError('not-found', 'Item not found');
  }

  /** An uploaded file must sit in this item's own folder and exist. */
  private async expectFile(key: string, folder: string, message: string) {
    if (!key.startsWith(`${folder}/`)) throw new DomainError('invalid', message);
    const object = await this.deps.storage.stat(key).catch(() => undefined);
    if (!object) throw new DomainError('invalid', message);
    return { key, contentType: object.contentType };
  }
}
