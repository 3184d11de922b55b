import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderResult } from '#contract/orders.ts';
import { createBackup, restoreBackup } from './backup.ts';
import { SettingsRepository } from '../db/repositories/settings.repository.ts';
import { SnapshotRepository } from '../db/repositories/snapshot.repository.ts';
import { loadDownloadSigner } from '../security/download-links.ts';
import { grants, items, orders, transactions, users, waitingItems } from '../db/schema.ts';
import { buildItemRow } from '../test/builders.ts';
import { startS3Server } from '../test/s3-server.ts';
import { buyWithTestWallet, createShopper } from '../test/shoppers.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';

const backupsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-backups-'));
const forSale = Array.from({ length: 30 }, (_, i) =>
  buildItemRow({
    itemId: `20261101_0000_b00000${String(i).padStart(2, '0')}`,
    name: `Backed Up ${i}`,
    priceCents: 150 + i,
  }),
);
let live: TestContext;
let restored: TestContext;

const deps = (ctx: TestContext) => ({ snapshots: new SnapshotRepository(ctx.db), storage: ctx.storage });

beforeAll(async () => {
  live = await createTestContext();
  restored = await createTestContext();
  for (const row of forSale)
    await live.storage.put(row.downloads[0]!.key, Buffer.from(`master of ${row.itemId}`), {
      contentType: 'image/jpeg',
    });
  await live.catalogue.insert(forSale);
  await live.waitingList.add([{ key: 'sources/abc123-source.jpg', name: 'source.jpg' }]);
});
afterAll(async () => {
  await live.close();
  await restored.close();
  fs.rmSync(backupsDir, { recursive: true, force: true });
});

describe('a backup taken while the store sells, restored into an empty store', () => {
  it('gives back the same items, users, orders, grants and files, each order whole', async () => {
    // Shoppers keep buying while the backup is taken.
    const buyers = await Promise.all(Array.from({ length: 4 }, () => createShopper(live)));
    let selling = true;
    const sold: OrderResult[] = [];
    const sales = (async () => {
      for (let next = 0; selling && next < forSale.length; next++) {
        const buyer = buyers[next % buyers.length]!;
        sold.push(await buyWithTestWallet(live, buyer.headers, [forSale[next]!.itemId]));
      }
    })();
    // Five sales are whole before the backup starts; the rest go on while it runs.
    while (sold.length < 5) await new Promise((resolve) => setTimeout(resolve, 20));
    const dir = path.join(backupsDir, 'one');
    const manifest = await createBackup(deps(live), dir);
    selling = false;
    await sales;
    expect(sold.length).toBeGreaterThanOrEqual(5);

    await restoreBackup(deps(restored), dir);
    const counted = async (ctx: TestContext) => ({
      items: (await ctx.db.select().from(items)).length,
      users: (await ctx.db.select().from(users)).length,
      orders: (await ctx.db.select().from(orders)).length,
      grants: (await ctx.db.select().from(grants)).length,
      transactions: (await ctx.db.select().from(transactions)).length,
    });
    expect(await counted(restored)).toEqual({
      items: manifest.tables.items,
      users: manifest.tables.users,
      orders: manifest.tables.orders,
      grants: manifest.tables.grants,
      transactions: manifest.tables.transactions,
    });

    // Each row restored is the row the store held (nothing here changes a row once written, but adds them).
    for (const [table, key] of [
      [items, (row: { itemId: string }) => row.itemId],
      [users, (row: { id: string }) => row.id],
    ] as const) {
      const back = await restored.db.select().from(table);
      const source = new Map((await live.db.select().from(table)).map((row) => [key(row as never), row]));
      for (const row of back) expect(row).toEqual(source.get(key(row as never)));
    }
    // A consistent picture: every paid order restored has its transaction and a grant per line.
    const paid = (await restored.db.select().from(orders)).filter((order) => order.status === 'paid');
    expect(paid.length).toBeGreaterThanOrEqual(5);
    const restoredGrants = await restored.db.select().from(grants);
    const restoredTransactions = await restored.db.select().from(transactions);
    for (const order of paid) {
      expect(restoredTransactions.some((record) => record.orderId === order.id)).toBe(true);
      expect(restoredGrants.some((grant) => grant.orderId === order.id)).toBe(true);
    }

    // The files are back, byte for byte, and a buyer's download works from the restored store.
    for (const row of forSale) {
      const [a, b] = await Promise.all(
        [live, restored].map(async (ctx) => buffer(await ctx.storage.get(row.downloads[0]!.key))),
      );
      expect(b!.equals(a!)).toBe(true);
    }
    const order = sold.find((result) => paid.some((row) => row.id === result.orderId))!;
    // Its link was signed with the store's key, which the restore brought back with the grant it names.
    const token = order.items[0]!.downloads[0]!.link.split('/').at(-1)!;
    const signer = await loadDownloadSigner(new SettingsRepository(restored.db));
    const check = signer.check(token);
    expect(check.ok && restoredGrants.some((grant) => grant.orderId === check.claim.orderId)).toBe(true);
    // The catalogue's words are made again from the restored items, so its search finds them.
    const found = await restored.app.inject({ url: '/api/items/search?q=backed&limit=60' });
    expect(found.headers['x-total-count']).toBe(String(forSale.length));
    // The sequence of numberIds goes on after the restored entries.
    const [entry] = await restored.waitingList.add([{ key: 'sources/def456-next.jpg', name: 'next.jpg' }]);
    const numbers = (await restored.db.select().from(waitingItems)).map((row) => row.numberId);
    expect(entry!.numberId).toBe(Math.max(...numbers));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('takes files from a bucket and puts them back on disk, as a move between storages does', async () => {
    const s3 = await startS3Server();
    const inBucket = await createTestContext(s3.env);
    const onDisk = await createTestContext();
    try {
      const row = buildItemRow({ itemId: '20261101_0000_b0000099', name: 'In A Bucket' });
      await inBucket.storage.put(row.downloads[0]!.key, Buffer.from('bucket bytes'), {
        contentType: 'image/jpeg',
        cacheControl: 'private, max-age=0',
      });
      await inBucket.catalogue.insert([row]);
      const dir = path.join(backupsDir, 'bucket');
      const manifest = await createBackup(deps(inBucket), dir);
      expect(manifest.files).toBe(1);
      await restoreBackup(deps(onDisk), dir);
      const back = await onDisk.storage.stat(row.downloads[0]!.key);
      expect(back).toMatchObject({ contentType: 'image/jpeg', cacheControl: 'private, max-age=0', size: 12 });
      expect((await buffer(await onDisk.storage.get(row.downloads[0]!.key))).toString()).toBe('bucket bytes');
      expect((await onDisk.catalogue.get(row.itemId))?.name).toBe('In A Bucket');
    } finally {
      await inBucket.close();
      await onDisk.close();
      await s3.close();
    }
  });

  it('refuses to restore over a store, saying why', async () => {
    await expect(restoreBackup(deps(live), path.join(backupsDir, 'one'))).rejects.toThrow(
      'The database already holds a store: restore into an empty one.',
    );
  });
});
