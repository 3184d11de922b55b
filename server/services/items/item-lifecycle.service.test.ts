import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ItemRow } from '../../db/schema.ts';
import { LocalStorage } from '../../providers/storage/local-storage.ts';
import { ITEM_MESSAGES } from '../../shared/constants.ts';
import { DomainError } from '../../shared/errors.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import { ItemLifecycleService } from './item-lifecycle.service.ts';
import type { LoggedAction } from '../platform/admin-log.service.ts';

// Files live on a real disk; the catalogue, the sales record and the queue are kept in memory.
let root: string;
let storage: LocalStorage;
let rows: Set<string>;
let sold: Set<string>;
let drafts: Set<string>;
let lifecycle: ItemLifecycleService;
let logged: LoggedAction[];
const OWNER = { uid: 'u-1', email: 'owner@example.com' };

const filesOf = async (itemId: string) =>
  (
    await Promise.all(
      [`images/items/${itemId}/`, `downloads/items/${itemId}/`].map((prefix) =>
        storage.list({ prefix, pageSize: 100 }),
      ),
    )
  ).flatMap((page) => page.items.map((object) => object.fullPath));

async function storeItem(itemId: string) {
  rows.add(itemId);
  drafts.add(itemId);
  for (const key of [`images/items/${itemId}/thumb-360.webp`, `downloads/items/${itemId}/master.jpg`])
    await storage.put(key, Buffer.from(key), { contentType: 'application/octet-stream' });
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lifecycle-'));
  storage = new LocalStorage(root);
  rows = new Set();
  sold = new Set();
  drafts = new Set();
  logged = [];
  const catalogue = {
    findRow: async (itemId: string) =>
      rows.has(itemId)
        ? ({ itemId, name: `Wallpaper ${itemId}`, priceCents: 280, published: true } as ItemRow)
        : undefined,
    remove: async (itemId: string) => void rows.delete(itemId),
  } as unknown as CatalogueService;
  lifecycle = new ItemLifecycleService({
    catalogue,
    orders: { soldAmong: async (itemIds) => itemIds.filter((itemId) => sold.has(itemId)) },
    bundles: { publishedHolding: async () => [] },
    waitingList: { forgetDraft: async (itemId) => void drafts.delete(itemId) },
    storage,
    adminLog: { record: async (_actor, entry) => void logged.push(entry) },
  });
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('expected a refusal'),
    (error: unknown) => error as DomainError,
  );

describe('an item leaving the store', () => {
  it('takes its row, its place in the review queue and every file, and leaves other items alone', async () => {
    await storeItem('gone');
    await storeItem('stays');

    await lifecycle.remove('gone', OWNER);

    expect([...rows]).toEqual(['stays']);
    expect([...drafts]).toEqual(['stays']);
    expect(await filesOf('gone')).toEqual([]);
    expect(await filesOf('stays')).toHaveLength(2);
    expect(logged).toEqual([
      { action: 'item.delete', target: 'gone', before: { name: 'Wallpaper gone', price: 2.8, published: true } },
    ]);
  });

  it('is refused once it was ever sold: row, files and draft all stay for its buyers', async () => {
    await storeItem('bought');
    sold.add('bought');

    const refused = await refusal(lifecycle.remove('bought', OWNER));

    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: 'conflict', message: ITEM_MESSAGES.soldStays });
    expect(rows.has('bought')).toBe(true);
    expect(drafts.has('bought')).toBe(true);
    expect(await filesOf('bought')).toHaveLength(2);
    expect(logged).toEqual([]);
  });

  it('answers not found for an item that does not exist, and discarding a draft without a row still clears its files', async () => {
    expect(await refusal(lifecycle.remove('nowhere', OWNER))).toMatchObject({ kind: 'not-found' });

    await storeItem('draft');
    rows.delete('draft');
    await lifecycle.discard('draft');
    expect(await filesOf('draft')).toEqual([]);
    expect(drafts.has('draft')).toBe(false);
  });
});
