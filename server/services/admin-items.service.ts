import { buffer } from 'node:stream/consumers';
import { and, eq } from 'drizzle-orm';
import { CreateItemBodySchema, type CreateItemBody } from '../../contract/admin.ts';
import { timestampId } from '../../contract/ids.ts';
import { dollarsToCents } from '../../contract/money.ts';
import type { Database } from '../db/client.ts';
import { grants, items, orderLines, waitingItems, type StoredDownload } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import type { Media } from '../providers/media/media.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { itemPrivateFolder, itemPublicFolder, putContentAddressed, storeThumbnails } from './stored-files.ts';

interface AdminItemsDependencies {
  db: Database;
  storage: Storage;
  media: Media;
  catalogue: CatalogueService;
  log: { error(details: object, message: string): void };
}

/** A live item's card clip: 3 seconds at 360x640. */
const LIVE_PREVIEW = { size: { width: 360, height: 640 }, seconds: 3 };

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'wallpaper';

/** Items made by hand from /upload, and edits and removals by administrators. */
export class AdminItemsService {
  private readonly deps: AdminItemsDependencies;

  constructor(deps: AdminItemsDependencies) {
    this.deps = deps;
  }

  async create(input: CreateItemBody): Promise<{ itemId: string }> {
    const body = CreateItemBodySchema.parse(input);
    const itemId = body.itemId ?? timestampId();
    if (await this.deps.catalogue.findRow(itemId)) throw new HttpError(409, `An item with itemId ${itemId} already exists.`);
    if (body.photoType === 'live' && !body.videoKey) throw new HttpError(400, 'downloadVideo is invalid!');
    await this.expectFile(body.thumbnailKey, itemPublicFolder(itemId), 'thumbnailImage is invalid!');
    const image = await this.expectFile(body.imageKey, itemPrivateFolder(itemId), 'downloadImage is invalid!');
    const video = body.photoType === 'live' ? await this.expectFile(body.videoKey!, itemPrivateFolder(itemId), 'downloadVideo is invalid!') : undefined;

    const cards = await storeThumbnails(this.deps.storage, this.deps.media, itemId, await buffer(await this.deps.storage.get(body.thumbnailKey)));
    const base = slug(body.name);
    const downloads: StoredDownload[] = [
      { key: image.key, name: `${base}-${body.dimensions}.${image.key.split('.').pop()}`, dimensions: body.dimensions, contentType: image.contentType },
      ...(video ? [{ key: video.key, name: `${base}-live.${video.key.split('.').pop()}`, dimensions: body.dimensions, contentType: video.contentType }] : []),
    ];
    await this.deps.catalogue.insert([
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
    ]);
    if (video) {
      // Transcoding can take a while: the item is on sale at once, and its card gets the clip when ready.
      this.makeLivePreview(itemId, video.key).catch((error: unknown) => this.deps.log.error({ err: error, itemId }, 'live preview failed'));
    }
    return { itemId };
  }

  /**
   * Live items whose clip was not made (the server stopped while transcoding) get it now; the
   * server calls this at start. Resolves when all are done.
   */
  async resumeLivePreviews(): Promise<void> {
    const waiting = await this.deps.db
      .select({ itemId: items.itemId, downloads: items.downloads })
      .from(items)
      .where(and(eq(items.photoType, 'live'), eq(items.preview, '')));
    for (const item of waiting) {
      const video = item.downloads.find((file) => file.contentType.startsWith('video/'));
      if (video) await this.makeLivePreview(item.itemId, video.key).catch((error: unknown) => this.deps.log.error({ err: error, itemId: item.itemId }, 'live preview failed'));
    }
  }

  /** The poster frame and the muted H.264 clip of a live item, made from its uploaded video. */
  async makeLivePreview(itemId: string, videoKey: string): Promise<void> {
    const video = await buffer(await this.deps.storage.get(videoKey));
    const { clip, poster } = await this.deps.media.livePreview(video, LIVE_PREVIEW.size, LIVE_PREVIEW.seconds);
    const folder = itemPublicFolder(itemId);
    const clipFile = await putContentAddressed(this.deps.storage, folder, 'preview.mp4', clip, 'video/mp4');
    const posterFile = await putContentAddressed(this.deps.storage, folder, 'poster.webp', poster, 'image/webp');
    const row = await this.deps.catalogue.findRow(itemId);
    if (!row) return;
    await this.deps.catalogue.update(itemId, { preview: clipFile.file, media: { ...row.media, poster: posterFile.file } });
  }

  async update(itemId: string, patch: { name?: string; price?: number; freeDownload?: boolean; tags?: string[]; published?: boolean }): Promise<void> {
    const { price, ...rest } = patch;
    const changed = await this.deps.catalogue.update(itemId, { ...rest, ...(price !== undefined && { priceCents: dollarsToCents(price) }) });
    if (!changed) throw new HttpError(404, 'Item not found');
  }

  /** Removes an item and its files; one that was sold stays (its buyers keep it): unpublish it instead. */
  async remove(itemId: string): Promise<void> {
    if (!(await this.deps.catalogue.findRow(itemId))) throw new HttpError(404, 'Item not found');
    const [sold] = await this.deps.db.select().from(orderLines).where(eq(orderLines.itemId, itemId)).limit(1);
    const [owned] = await this.deps.db.select().from(grants).where(eq(grants.itemId, itemId)).limit(1);
    if (sold || owned) throw new HttpError(409, 'This wallpaper has been ordered, so it stays for its buyers. Unpublish it instead.');
    await this.deps.catalogue.remove(itemId);
    // A review entry whose draft this was has no draft any more: marking it reviewed is refused.
    await this.deps.db.update(waitingItems).set({ itemId: null, itemUrl: null }).where(eq(waitingItems.itemId, itemId));
    for (const folder of [itemPublicFolder(itemId), itemPrivateFolder(itemId)]) {
      for (let page = await this.deps.storage.list({ prefix: `${folder}/`, pageSize: 1000 }); ; ) {
        await Promise.all(page.items.map((object) => this.deps.storage.delete(object.fullPath)));
        if (!page.nextPageToken) break;
        page = await this.deps.storage.list({ prefix: `${folder}/`, pageSize: 1000, pageToken: page.nextPageToken });
      }
    }
  }

  /** An uploaded file must sit in this item's own folder and exist. */
  private async expectFile(key: string, folder: string, message: string) {
    if (!key.startsWith(`${folder}/`)) throw new HttpError(400, message);
    const object = await this.deps.storage.stat(key).catch(() => undefined);
    if (!object) throw new HttpError(400, message);
    return { key, contentType: object.contentType };
  }
}
