import { CENTRE } from '#contract/device-crop.ts';
import type { Item } from '#contract/item.ts';
import { itemFileUrl } from '#contract/item-url.ts';
import { centsToDollars } from '#contract/money.ts';
import type { ItemRow, StoredDownload } from '../../db/schema.ts';
import { APP_IMAGE_SIZES } from '../items/stored-files.ts';

export function freeDownloadPath(itemId: string, index: number): string {
  return index === 0 ? `/api/downloads/free/${itemId}` : `/api/downloads/free/${itemId}/${index}`;
}

/**
 * Where a client loads what an item links to, as absolute URLs so every client on any origin
 * can (decision 039): `api` is PUBLIC_URL, `assets` PUBLIC_ASSET_URL or PUBLIC_URL's /images.
 */
export interface ItemLinks {
  api: string;
  assets: string;
}

/**
 * Who reads the answer. The old clients (the Android app, the original web app) also get the
 * item's palette among its tags, as the app shows '#rrggbb' tags as colour swatches; the web
 * app's answers keep tags for tags only.
 */
export type ItemAudience = 'web' | 'old-clients';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

/** The file type a client shows and saves under: the name's extension, or the content type's. */
function extensionOf(file: StoredDownload): string {
  const fromName = /\.([a-z0-9]{2,5})$/i.exec(file.name)?.[1]?.toLowerCase();
  return fromName ?? EXTENSIONS[file.contentType] ?? 'bin';
}

/** The apps' images of an item by type, when it has them (items made before them get them by a backfill job). */
function appImages(row: ItemRow): { type: string; name: string; resolution: string }[] {
  const { previews, blurred } = row.media;
  if (!previews || !blurred) return [];
  const sized = (type: keyof typeof APP_IMAGE_SIZES, name: string) => {
    const { width, height } = APP_IMAGE_SIZES[type];
    return { type, name, resolution: `${width}x${height}` };
  };
  return [sized('LD', previews.ld), sized('BL', blurred), sized('SD', previews.sd), sized('HD', previews.hd)];
}

/** The public face of an item: a paid item's files are listed, but never linked. */
export function toPublicItem(row: ItemRow, links: ItemLinks, audience: ItemAudience = 'web'): Item {
  const resolutions = new Map(
    row.media.thumbnails.flatMap((t) =>
      [t.file, t.avif].filter((f) => f !== undefined).map((file) => [file, `${t.width}x${t.height}`]),
    ),
  );
  const fileUrl = (file: string) => itemFileUrl(row.itemId, file, links.assets);
  const thumbnail = fileUrl(row.thumbnail);
  const palette = row.media.palette ?? [];
  return {
    id: row.itemId,
    itemId: row.itemId,
    name: row.name,
    price: centsToDollars(row.priceCents),
    // A value holding 'https' is read as a URL by the old web app, anything else as a file name.
    thumbnail: thumbnail.includes('https') ? thumbnail : row.thumbnail,
    preview: row.preview,
    freeDownload: row.freeDownload,
    stars: row.stars,
    photoType: row.photoType,
    tags: audience === 'old-clients' ? [...row.tags, ...palette] : row.tags,
    imageList: [
      ...row.imageList.map((image) => ({ ...image, resolution: resolutions.get(image.name) ?? '' })),
      ...appImages(row),
    ].map((image) => ({ ...image, link: fileUrl(image.name), blob: '' })),
    downloadList: row.downloads.map((file, index) => ({
      link: row.freeDownload ? links.api + freeDownloadPath(row.itemId, index) : '',
      name: file.name,
      dimensions: file.dimensions,
      size: file.dimensions,
      ext: extensionOf(file),
    })),
    placeholder: row.media.placeholder,
    thumbnails: row.media.thumbnails,
    ...(row.media.poster && { poster: row.media.poster }),
    focalPoint: row.media.focal ?? CENTRE,
    palette,
    ...(row.media.darkShare !== undefined && { darkShare: row.media.darkShare }),
    sizeOptions: [...new Set(row.downloads.map((file) => file.dimensions))],
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
