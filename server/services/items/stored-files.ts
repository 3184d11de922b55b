import { createHash } from 'node:crypto';
import { MASTER_HEIGHT, MASTER_WIDTH } from '../../shared/constants.ts';
import type { ItemMedia } from '../../db/schema.ts';
import type { Media } from '../../providers/media/media.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { IMMUTABLE_CACHE } from '../../shared/constants.ts';

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

/** The web's card thumbnails: 9:16 at these widths, in WebP and AVIF. */
const THUMBNAIL_WIDTHS = [360, 720] as const;

/**
 * The mobile apps' images by type (decision 039): LD for grid cards and SD between are the 360
 * and 720 px thumbnails, HD the full screen at 1080 px, BL the blurred placeholder as a file.
 */
export const APP_IMAGE_SIZES = {
  LD: { width: 360, height: 640 },
  SD: { width: 720, height: 1280 },
  HD: { width: 1080, height: 1920 },
  BL: { width: 12, height: 21 },
} as const;

/**
 * The full-screen preview and the blurred placeholder (as a file and as the web's inline data
 * URI) from an item's picture; the LD and SD previews are its thumbnails. Items made before
 * the apps' images get these by a backfill job.
 */
export async function storeAppImages(
  storage: Storage,
  media: Media,
  itemId: string,
  picture: Buffer,
  thumbnails: ItemMedia['thumbnails'],
): Promise<Required<Pick<ItemMedia, 'previews' | 'blurred' | 'placeholder'>>> {
  const folder = itemPublicFolder(itemId);
  const [hd, blurred] = await Promise.all([
    media.image(picture, { ...APP_IMAGE_SIZES.HD, format: 'webp', quality: 80 }),
    media.blurred(picture, APP_IMAGE_SIZES.BL),
  ]);
  const [hdFile, blurredFile] = await Promise.all([
    putContentAddressed(storage, folder, 'preview-hd.webp', hd.data, 'image/webp'),
    putContentAddressed(storage, folder, 'blurred.webp', blurred, 'image/webp'),
  ]);
  const thumbnail = (width: number) => thumbnails.find((t) => t.width === width)?.file ?? hdFile.file;
  return {
    previews: { ld: thumbnail(APP_IMAGE_SIZES.LD.width), sd: thumbnail(APP_IMAGE_SIZES.SD.width), hd: hdFile.file },
    blurred: blurredFile.file,
    placeholder: `data:image/webp;base64,${blurred.toString('base64')}`,
  };
}

/**
 * The images of an item, from its picture: 9:16 thumbnails at 360 and 720 px in WebP and AVIF,
 * the apps' previews and the blurred placeholder. One recipe for the seed, uploads and processing.
 */
export async function storeThumbnails(
  storage: Storage,
  media: Media,
  itemId: string,
  picture: Buffer,
): Promise<ItemMedia & Required<Pick<ItemMedia, 'previews' | 'blurred'>>> {
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
  const [appImages, focal, palette] = await Promise.all([
    storeAppImages(storage, media, itemId, picture, thumbnails),
    media.focalPoint(picture),
    media.palette(picture),
  ]);
  return { ...appImages, thumbnails, focal, palette: palette.colours, darkShare: palette.darkShare };
}
