import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import sharp from 'sharp';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../shared/config.ts';
import { createLogger } from '../shared/logger.ts';
import { createFileStorage, createMedia, createServices } from '../app/runtime.ts';
import { buildAppEvent, buildItemRow } from '../test/builders.ts';
import { buyWithTestWallet, createShopper } from '../test/shoppers.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { openDatabase, PGLITE_SETTINGS, pgliteExtensions } from './client.ts';
import { rowsOf } from './repositories/raw-rows.ts';
import { SnapshotRepository, type TableShape } from './repositories/snapshot.repository.ts';
import type { Database } from './client.ts';

/**
 * Upgrades: a data directory made by each earlier migration, holding the store's data as that
 * schema held it, opens with the current code, which migrates it, and loses nothing. The data
 * is a store of today's (items, accounts, a paid order, hearts, links, jobs…) written into each
 * older schema as far as its columns go, so a table or column added later is covered as soon
 * as it exists.
 */
const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-upgrade-'));
const PASSWORD = 'violet-harbor-42';

let today: Map<string, { shape: TableShape; rows: Record<string, unknown>[] }>;
/**
 * A new, empty cluster on disk: each data directory starts as a copy of it, which opens in a
 * fraction of the time initdb, or loading a dump of it, takes.
 */
const emptyCluster = path.join(work, 'empty');
let shopperEmail: string;
let itemId: string;

/** The migrations up to `last`, as drizzle reads them: their SQL and their journal's entries. */
function migrationsUpTo(last: number): string {
  const dir = path.join(work, `migrations-${last}`);
  fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, last + 1);
  for (const entry of entries)
    fs.copyFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

/** Each row of a table as JSON, by its key, for comparing before and after. */
async function rowsByKey(db: Database, shape: TableShape): Promise<Map<string, Record<string, unknown>>> {
  const snapshots = new SnapshotRepository(db);
  const rows = (await snapshots.page(shape, 0, 10_000)) as Record<string, unknown>[];
  return new Map(rows.map((row) => [JSON.stringify(shape.primaryKey.map((column) => row[column])), row]));
}

beforeAll(async () => {
  await (
    await PGlite.create(emptyCluster, { extensions: await pgliteExtensions(), postgresqlconf: PGLITE_SETTINGS })
  ).close();
  // Today's store, with something in every table.
  const ctx: TestContext = await createTestContext();
  try {
    const paid = buildItemRow({ itemId: '20261101_0000_0a000001', name: 'Upgrade Peaks', priceCents: 300 });
    const free = buildItemRow({ itemId: '20261101_0000_0a000002', freeDownload: true, priceCents: 0 });
    const refunded = buildItemRow({ itemId: '20261101_0000_0a000003', name: 'Upgrade Refund', priceCents: 400 });
    itemId = paid.itemId;
    await ctx.catalogue.insert([paid, free, refunded]);
    const shopper = await createShopper(ctx);
    shopperEmail = shopper.email;
    await buyWithTestWallet(ctx, shopper.headers, [paid.itemId]);
    // An order with a coupon, refunded by the owner.
    const owner = { uid: shopper.uid, email: 'owner@example.com' };
    const coupon = await ctx.coupons.create(owner, {
      code: 'UPGRADE-10',
      kind: 'percent',
      value: 10,
      expiresAt: null,
      maxUses: 5,
      maxUsesPerCustomer: null,
      itemIds: null,
      tags: ['landscape'],
    });
    const withCoupon = await ctx.checkout.createOrder(
      { uid: shopper.uid, email: shopper.email, firstName: 'Ada', isAdmin: false },
      { itemIds: [refunded.itemId], coupon: coupon.code },
    );
    await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${withCoupon.orderId}/capture`,
      headers: shopper.headers,
    });
    await ctx.refunds.request(owner, withCoupon.orderId, undefined);
    await ctx.settleJobs();
    await ctx.favourites.add(shopper.uid, [free.itemId]);
    await ctx.phoneLinks.create({ itemId: free.itemId }, undefined);
    await ctx.waitingList.add([{ key: 'sources/abc123-source.jpg', name: 'source.jpg' }]);
    await ctx.catalogue.recordDownload(free.itemId);
    await ctx.catalogue.recordView(free.itemId);
    await ctx.mobileApp.record(buildAppEvent(free.itemId, 'download_free'));
    await ctx.mobileApp.setAdsLevel(4, { uid: shopper.uid, email: 'owner@example.com' });
    const bannerPicture = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#c8459b' } })
      .png()
      .toBuffer();
    await ctx.banners.create(
      { uid: shopper.uid, email: 'owner@example.com' },
      { title: 'Upgrade sale', tag: 'landscape' },
      { fileName: 'banner.png', stream: Readable.from([bannerPicture]), truncated: () => false },
    );
    // A bundle of a wallpaper the shopper owns and one refunded: bought for the refunded one's share.
    const bundle = await ctx.bundles.create(owner, {
      name: 'Upgrade pair',
      price: 5,
      itemIds: [paid.itemId, refunded.itemId],
      published: true,
    });
    const bundleOrder = await ctx.checkout.createOrder(
      { uid: shopper.uid, email: shopper.email, firstName: 'Ada', isAdmin: false },
      { bundleId: bundle.bundleId },
    );
    await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${bundleOrder.orderId}/capture`,
      headers: shopper.headers,
    });
    await ctx.vitals.record([{ name: 'LCP', value: 900, rating: 'good', path: '/', navigationType: 'navigate' }]);
    await ctx.loginThrottle.failed(shopper.email, '203.0.113.5');
    await ctx.accounts.forgotPassword(shopper.email);
    await ctx.checkout.handleWebhook({ id: 'WH-UPGRADE-1', type: 'PAYMENT.CAPTURE.COMPLETED', captureId: 'CAP-0' });
    await ctx.settleJobs();
    // Sales and vitals of a closed day, summed by the owner's report. Two days back: yesterday is
    // not closed yet in the first minutes after midnight.
    await ctx.db.execute(sql`update orders set paid_at = paid_at - interval '2 days' where paid_at is not null`);
    await ctx.db.execute(sql`update web_vitals set created_at = created_at - interval '2 days'`);
    const day = new Date().toISOString().slice(0, 10);
    await ctx.reports.report({ from: day, to: day, by: 'day' });
    const snapshots = new SnapshotRepository(ctx.db);
    today = new Map();
    for (const shape of await snapshots.tables())
      today.set(shape.name, { shape, rows: (await snapshots.page(shape, 0, 10_000)) as Record<string, unknown>[] });
    const empty = [...today.values()].filter((table) => table.rows.length === 0).map((table) => table.shape.name);
    expect(empty).toEqual([]);
  } finally {
    await ctx.close();
  }
}, 120_000);

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('a data directory of each earlier schema', () => {
  for (const entry of journal.entries.slice(0, -1)) {
    it(`made by ${entry.tag} opens with today's code and keeps every row`, async () => {
      const dataDir = path.join(work, `data-${entry.idx}`);
      fs.cpSync(emptyCluster, dataDir, { recursive: true });
      const client = await PGlite.create(dataDir, {
        extensions: await pgliteExtensions(),
        postgresqlconf: PGLITE_SETTINGS,
      });
      const old = drizzle(client) as unknown as Database;
      await migrate(drizzle(client), { migrationsFolder: migrationsUpTo(entry.idx) });

      // Today's rows, as far as that schema's tables and columns go.
      const written = new Map<string, { shape: TableShape; keys: Set<string> }>();
      for (const shape of await new SnapshotRepository(old).tables()) {
        const rows = today.get(shape.name)?.rows ?? [];
        const columns = shape.columns.filter((column) => rows.every((row) => column in row));
        const then = { ...shape, columns };
        await new SnapshotRepository(old).insert(then, rows);
        written.set(shape.name, { shape: then, keys: new Set((await rowsByKey(old, then)).keys()) });
      }
      const before = new Map<string, Map<string, Record<string, unknown>>>();
      for (const [name, { shape }] of written) before.set(name, await rowsByKey(old, shape));
      await client.close();

      // Today's code opens it, applying the migrations that came after.
      const handle = await openDatabase({ pgliteDir: dataDir });
      try {
        const now = await new SnapshotRepository(handle.db).tables();
        for (const [name, { shape }] of written) {
          const current = now.find((table) => table.name === name);
          // A table dropped since would be data lost; none may be.
          expect(current, `${entry.tag}: table ${name}`).toBeDefined();
          const kept = shape.columns.filter((column) => current!.columns.includes(column));
          const after = await rowsByKey(handle.db, { ...current!, columns: kept });
          for (const [key, row] of before.get(name)!) {
            const upgraded = after.get(key);
            expect(upgraded, `${entry.tag}: ${name} ${key}`).toBeDefined();
            for (const column of kept)
              expect(upgraded![column], `${entry.tag}: ${name}.${column}`).toEqual(row[column]);
          }
        }
        // And the store works on it: the item is on sale as today's code shows items, its buyer logs in.
        const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
        const services = await createServices({
          config,
          logger: createLogger(config),
          database: handle,
          storage: await createFileStorage(config),
          media: createMedia(config),
        });
        expect((await services.catalogue.get(itemId))?.name).toBe('Upgrade Peaks');
        // What later migrations derive from the rows (a tag's postings) holds the rows they found.
        const landscapes = today
          .get('items')!
          .rows.filter((row) => row.published && (row.tags as string[]).includes('landscape')).length;
        const listed = await services.catalogue.byTagJson('landscape', { limit: 60, offset: 0, sort: 'newest' });
        expect(listed.total).toBe(landscapes);
        expect(landscapes).toBeGreaterThan(0);
        if (written.has('users'))
          expect((await services.accounts.login(shopperEmail, PASSWORD, '127.0.0.1')).kind).toBe('ok');
        const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
          await handle.db.execute(sql`select count(*)::int as n from items`),
        );
        expect(n).toBe(today.get('items')!.rows.length);
      } finally {
        await handle.close();
      }
    }, 60_000);
  }
});
