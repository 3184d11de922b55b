import type { Item } from '../../contract/item.ts';
import { centsToDollars } from '../../contract/money.ts';
import type { ItemRow } from '../db/schema.ts';

export function freeDownloadPath(itemId: string, index: number): string {
  return index === 0 ? `/api/downloads/free/${itemId}` : `/api/downloads/free/${itemId}/${index}`;
}

/** The public face of an item: a paid item's files are listed, but never linked. */
export function toPublicItem(row: ItemRow): Item {
  return {
    itemId: row.itemId,
    name: row.name,
    price: centsToDollars(row.priceCents),
    thumbnail: row.thumbnail,
    preview: row.preview,
    freeDownload: row.freeDownload,
    stars: row.stars,
    photoType: row.photoType,
    tags: row.tags,
    imageList: row.imageList,
    downloadList: row.downloads.map((file, index) => ({
      link: row.freeDownload ? freeDownloadPath(row.itemId, index) : '',
      name: file.name,
      dimensions: file.dimensions,
    })),
    placeholder: row.media.placeholder,
    thumbnails: row.media.thumbnails,
    ...(row.media.poster && { poster: row.media.poster }),
    createdAt: row.createdAt.toISOString(),
  };
}
