import type { Item } from '../item.ts';

let sequence = 0;

/** A published, paid, static item as the API shows it; override what a test is about. */
export function buildItem(overrides: Partial<Item> = {}): Item {
  sequence++;
  const itemId = overrides.itemId ?? `20260101_0000_${sequence.toString(16).padStart(8, '0')}`;
  return {
    id: itemId,
    itemId,
    name: `Test Wallpaper ${sequence}`,
    price: 2.8,
    thumbnail: 'thumb-720.webp',
    preview: '',
    freeDownload: false,
    stars: 5,
    photoType: 'static',
    tags: ['landscape'],
    imageList: [],
    downloadList: [],
    placeholder: '',
    thumbnails: [],
    focalPoint: { x: 0.5, y: 0.5 },
    palette: [],
    sizeOptions: ['1440x2560'],
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
