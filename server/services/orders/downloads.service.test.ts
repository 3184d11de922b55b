import { describe, expect, it } from 'vitest';
import type { ItemRow } from '../../db/schema.ts';
import { DomainError } from '../../shared/errors.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { DeviceFitService } from '../catalogue/device-fit.service.ts';
import { DownloadsService } from './downloads.service.ts';

/** Rows as the catalogue holds them: only what the download rules read. */
const row = (itemId: string, fields: Partial<ItemRow>) =>
  ({
    itemId,
    published: true,
    freeDownload: true,
    downloads: [
      { key: `downloads/items/${itemId}/a.jpg`, name: 'a.jpg', dimensions: '1440x2560', contentType: 'image/jpeg' },
    ],
    ...fields,
  }) as ItemRow;

const rows = new Map([
  ['free', row('free', {})],
  ['paid', row('paid', { freeDownload: false })],
  ['draft', row('draft', { published: false })],
]);
const counted: string[] = [];
const catalogue = {
  findRow: async (itemId: string) => rows.get(itemId),
  recordDownload: async (itemId: string) => void counted.push(itemId),
} as unknown as CatalogueService;
const checkout = {
  download: async (token: string) => {
    if (token !== 'good') throw new DomainError('forbidden', 'forged');
    return { key: 'downloads/items/paid/a.jpg', name: 'a.jpg', itemId: 'paid' };
  },
} as unknown as CheckoutService;
const deviceFit = {
  file: async (item: ItemRow, screen: { width: number; height: number }) => ({
    key: `fit/${item.itemId}/${screen.width}x${screen.height}.jpg`,
    name: `${item.itemId}-${screen.width}x${screen.height}.jpg`,
  }),
} as unknown as DeviceFitService;

const downloads = new DownloadsService({ catalogue, checkout, deviceFit });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: DomainError) => ({ kind: error.kind, message: error.message }),
  );

describe('who may download what', () => {
  it("gives anyone a published free item's files, and says why not for the others", async () => {
    expect(await downloads.free('free', 0)).toEqual({
      key: 'downloads/items/free/a.jpg',
      name: 'a.jpg',
      itemId: 'free',
    });
    expect(await refusal(downloads.free('free', 1))).toEqual({
      kind: 'not-found',
      message: 'This item has no such file.',
    });
    expect(await refusal(downloads.free('paid', 0))).toEqual({
      kind: 'forbidden',
      message: 'This wallpaper is not free: buy it to download it.',
    });
    expect(await refusal(downloads.free('draft', 0))).toMatchObject({ kind: 'not-found' });
    expect(await refusal(downloads.free('gone', 0))).toMatchObject({ kind: 'not-found' });
  });

  it("cuts a free item's image for a phone, never a paid one's", async () => {
    const screen = { width: 1170, height: 2532 };
    expect(await downloads.freeForScreen('free', screen)).toEqual({
      key: 'fit/free/1170x2532.jpg',
      name: 'free-1170x2532.jpg',
      itemId: 'free',
    });
    expect(await refusal(downloads.freeForScreen('paid', screen))).toMatchObject({ kind: 'forbidden' });
  });

  it('gives a bought file through its signed link only, whole or cut for a phone', async () => {
    expect(await downloads.bought('good')).toMatchObject({ key: 'downloads/items/paid/a.jpg', itemId: 'paid' });
    expect(await downloads.bought('good', { width: 1080, height: 2400 })).toEqual({
      key: 'fit/paid/1080x2400.jpg',
      name: 'paid-1080x2400.jpg',
      itemId: 'paid',
    });
    expect(await refusal(downloads.bought('forged'))).toMatchObject({ kind: 'forbidden' });
  });

  it('counts a download of the item for what is popular', async () => {
    await downloads.count('free');
    expect(counted).toEqual(['free']);
  });
});
