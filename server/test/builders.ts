import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { timestampId } from '#contract/ids.ts';
import type { AppEvent } from '#contract/mobile-app.ts';
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

/** An event as the Android app reports it, from a phone of the test's choosing. */
export function buildAppEvent(itemId: string, eventType: string): AppEvent {
  return {
    itemId,
    eventType,
    appVersion: '2.4.1',
    manufacturer: 'Google',
    model: 'Pixel 7',
    release: '14',
    sdk: '34',
    country: 'DE',
  };
}

/**
 * A source photo of noise, which no encoder makes quick work of: a worker that claims it is
 * still processing it a second later, long enough to be killed mid-job.
 */
export function buildNoisySource(): Promise<Buffer> {
  const [width, height] = [1080, 1920];
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}
