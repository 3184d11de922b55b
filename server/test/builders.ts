import { timestampId } from '../../contract/ids.ts';
import type { NewItemRow } from '../db/schema.ts';

let sequence = 0;

/** A published static paid item with a palette of one grey; override what a test is about. */
export function buildItemRow(overrides: Partial<NewItemRow> = {}): NewItemRow {
  sequence++;
  const itemId = overrides.itemId ?? timestampId(new Date(Date.UTC(2026, 0, 1, 0, sequence)));
  return {
    itemId,
    name: `Test Wallpaper ${sequence}`,
    priceCents: 280,
    freeDownload: false,
    stars: 5,
    photoType: 'static',
    tags: ['landscape'],
    thumbnail: 'thumb.webp',
    preview: '',
    imageList: [{ type: 'small', name: 'thumb.webp' }],
    downloads: [
      {
        key: `downloads/items/${itemId}/master.jpg`,
        name: 'wallpaper.jpg',
        dimensions: '1440x2560',
        contentType: 'image/jpeg',
      },
    ],
    media: { placeholder: '', thumbnails: [], palette: ['#808080'], darkShare: 0 },
    published: true,
    ...overrides,
  };
}
