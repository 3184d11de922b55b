import { CENTRE } from '../../contract/device-crop.ts';
import type { Item } from '../../contract/item.ts';
import { itemFileUrl } from '../../contract/item-url.ts';
import { centsToDollars } from '../../contract/money.ts';
import type { ItemRow, StoredDownload } from '../db/schema.ts';

export function freeDownloadPath(itemId: string, index: number): string {
  return index === 0 ? `/api/downloads/free/${itemId}` : `/api/downloads/free/${itemId}/${index}`;
}

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

/** The public face of an item: a paid item's files are listed, but never linked. */
export function toPublicItem(row: ItemRow, assetBase?: string): Item {
  const resolutions = new Map(
    row.media.thumbnails.flatMap((t) =>
      [t.file, t.avif].filter((f) => f !== undefined).map((file) => [file, `${t.width}x${t.height}`]),
    ),
  );
  return {
    id: row.itemId,
    itemId: row.itemId,
    name: row.name,
    price: centsToDollars(row.priceCents),
    thumbnail: row.thumbnail,
    preview: row.preview,
    freeDownload: row.freeDownload,
    stars: row.stars,
    photoType: row.photoType,
    tags: row.tags,
    imageList: row.imageList.map((image) => {
      const resolution = resolutions.get(image.name);
      return { ...image, link: itemFileUrl(row.itemId, image.name, assetBase), ...(resolution && { resolution }) };
    }),
    downloadList: row.downloads.map((file, index) => ({
      link: row.freeDownload ? freeDownloadPath(row.itemId, index) : '',
      name: file.name,
      dimensions: file.dimensions,
      size: file.dimensions,
      ext: extensionOf(file),
    })),
    placeholder: row.media.placeholder,
    thumbnails: row.media.thumbnails,
    ...(row.media.poster && { poster: row.media.poster }),
    focalPoint: row.media.focal ?? CENTRE,
    palette: row.media.palette ?? [],
    ...(row.media.darkShare !== undefined && { darkShare: row.media.darkShare }),
    sizeOptions: [...new Set(row.downloads.map((file) => file.dimensions))],
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
