import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage, createMedia, createServices } from '../app/runtime.ts';
import { startWorker } from '../app/worker.ts';
import { loadConfig } from '../shared/config.ts';
import { createLogger } from '../shared/logger.ts';
import { buildItemRow } from '../test/builders.ts';
import { openTestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle } from './client.ts';
import { ItemsRepository } from './repositories/items.repository.ts';
import { rowsOf } from './repositories/raw-rows.ts';

/**
 * PGlite has no autovacuum: the store keeps the planner's statistics and the visibility map of
 * its tables itself, as a server's autovacuum would (decision 088).
 */
let database: DatabaseHandle;
let items: ItemsRepository;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-upkeep-'));

beforeAll(async () => {
  database = await openTestDatabase();
  items = new ItemsRepository(database.db);
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Publishes `count` items as the owner's uploads do, a few hundred at a time, with tags and palettes. */
async function publish(count: number) {
  for (let done = 0; done < count; done += 250) {
    await items.insert(
      Array.from({ length: Math.min(250, count - done) }, (_, i) =>
        buildItemRow({
          tags: (done + i) % 3 === 0 ? ['landscape', 'mountains'] : ['anime'],
          media: { placeholder: '', thumbnails: [], palette: ['#2f63c0', '#d04030', '#808080'], darkShare: 0 },
        }),
      ),
    );
  }
}

/** What the planner knows of the items' tags, and how many of the items' pages are marked all visible. */
async function planFacts() {
  const [facts] = rowsOf<{ tags: string[] | null; pages: number; visible: number }>(
    await database.db.execute(
      sql`select (select most_common_elems::text::text[] from pg_stats
                  where schemaname = 'public' and tablename = 'items' and attname = 'tags') as tags,
                 relpages as pages, relallvisible as visible
          from pg_class where oid = 'items'::regclass`,
    ),
  );
  return facts!;
}

/** How many dead rows the items table holds, as the statistics count them. */
async function deadItemRows() {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = rowsOf<{ dead: number }>(
    await database.db.execute(sql`select n_dead_tup::int as dead from pg_stat_user_tables where relname = 'items'`),
  );
  return row!.dead;
}

describe("the embedded database's upkeep", () => {
  it('vacuums and analyses the tables that publishing outgrew, then only those that grow again', async () => {
    await publish(1200);
    expect((await planFacts()).tags).toBeNull();

    const first = await database.maintain!();
    expect(first).toEqual(expect.arrayContaining(['items', 'palette_cells', 'search_postings', 'tag_postings']));
    const maintained = await planFacts();
    // The planner knows how common each tag is, and the index-only reads need no row.
    expect(maintained.tags).toEqual(expect.arrayContaining(['anime', 'landscape', 'mountains']));
    expect(maintained.pages).toBeGreaterThan(0);
    expect(maintained.visible).toBe(maintained.pages);

    // Nothing changed since: nothing is due.
    expect(await database.maintain!()).toEqual([]);

    // A third more items: the catalogue's tables are due again, the others are not.
    await publish(400);
    const again = await database.maintain!();
    expect(again).toEqual(expect.arrayContaining(['items', 'tag_postings']));
    expect(again).not.toContain('app_settings');
  });

  it("is run by a running store's worker soon after it starts", async () => {
    // Every item edited since the last upkeep: each left a dead row behind.
    await database.db.execute(sql`update items set stars = 4`);
    expect(await deadItemRows()).toBe(1600);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
    const services = await createServices({
      config,
      logger: createLogger(config),
      database,
      storage: await createFileStorage(config),
      media: createMedia(config),
    });
    const worker = await startWorker({
      services,
      logger: createLogger(config),
      leaseMs: 60_000,
      claimTimeoutMs: 60_000,
      soleProcess: true,
      maintainDatabase: database.maintain,
    });
    try {
      // Its first upkeep vacuums them away, and marks the pages all visible again.
      await expect.poll(deadItemRows, { timeout: 20_000 }).toBe(0);
      const facts = await planFacts();
      expect(facts.visible).toBe(facts.pages);
      expect(await database.maintain!()).not.toContain('items');
    } finally {
      await worker.stop();
    }
  });
});
