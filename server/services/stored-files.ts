import { createHash } from 'node:crypto';
import { MASTER_HEIGHT, MASTER_WIDTH } from '../../contract/constants.ts';
import type { ItemMedia } from '../db/schema.ts';
import type { Media } from '../providers/media/media.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { IMMUTABLE_CACHE } from '../shared/constants.ts';

export const itemPublicFolder = (itemId: string) => `images/items/${itemId}`;
export const itemPrivateFolder = (itemId: string) => `downloads/items/${itemId}`;

/**
 * Stores bytes under `{folder}/{16 hex of their sha256}-{label}`: the name changes whenever
 * the content does, so the file can be cached forever. Returns the key and the file name.
 */
export async function putContentAddressed(
  storage: Storage,
  folder: string,
  label: string,
  data: Buffer,
  contentType: string,
): Promise<{ key: string; file: string }> {
  const file = `${createHash('sha256').update(data).digest('hex').slice(0, 16)}-${label}`;
  const key = `${folder}/${file}`;
  await storage.put(key, data, { contentType, cacheControl: IMMUTABLE_CACHE });
  return { key, file };
}

/** Deletes every stored file of an item, public and private, page after page of the listing. */
export async function deleteItemFiles(storage: Storage, itemId: string): Promise<void> {
  for (const folder of [itemPublicFolder(itemId), itemPrivateFolder(itemId)]) {
    // Each page is deleted before the next is read, so the listing always starts again at the front.
    for (;;) {
      const page = await storage.list({ prefix: `${folder}/`, pageSize: 1000 });
      await Promise.all(page.items.map((object) => storage.delete(object.fullPath)));
      if (!page.nextPageToken || !page.items.length) break;
    }
  }
}

const THUMBNAIL_WIDTHS = [360, 720] as const;

/**
 * The card images of an item, from its picture: 9:16 thumbnails at 360 and 720 px in WebP and
 * AVIF, and the blurred placeholder. One recipe for the seed, uploads and processing.
 */
export async function storeThumbnails(
  storage: Storage,
  media: Media,
  itemId: string,
  picture: Buffer,
): Promise<ItemMedia> {
  const folder = itemPublicFolder(itemId);
  const thumbnails = [];
  for (const width of THUMBNAIL_WIDTHS) {
    const height = Math.round((width * MASTER_HEIGHT) / MASTER_WIDTH);
    const [webp, avif] = await Promise.all([
      media.image(picture, { width, height, format: 'webp', quality: 78 }),
      media.image(picture, { width, height, format: 'avif', quality: 70 }),
    ]);
    const [webpFile, avifFile] = await Promise.all([
      putContentAddressed(storage, folder, `thumb-${width}.webp`, webp.data, 'image/webp'),
      putContentAddressed(storage, folder, `thumb-${width}.avif`, avif.data, 'image/avif'),
    ]);
    thumbnails.push({ width, height, file: webpFile.file, avif: avifFile.file });
  }
  const [placeholder, focal, palette] = await Promise.all([
    media.placeholder(picture),
    media.focalPoint(picture),
    media.palette(picture),
  ]);
  return { placeholder, thumbnails, focal, palette: palette.colours, darkShare: palette.darkShare };
}
