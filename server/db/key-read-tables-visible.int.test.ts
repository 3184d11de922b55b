import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import { openDatabase, type Database, type DatabaseHandle } from './client.ts';
import { rowsOf } from './repositories/raw-rows.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cells-'));
let server: (DatabaseHandle & { url?: string }) | undefined;
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The test's database, opened as the store opens it at each start. */
async function open(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB === 'postgres') {
    server ??= await openTestDatabase();
    return openDatabase({ databaseUrl: server.url });
  }
  // PGlite: a data directory of its own, made from the run's migrated template the first time.
  const made = fs.readdirSync(dir).length > 0;
  return openDatabase({
    pgliteDir: dir,
    ...(!made && { pgliteDump: new Blob([fs.readFileSync(inject('migratedTemplate'))]) }),
  });
}

const TABLES = ['palette_cells', 'swatch_postings'];

/** Each table's pages, and how many of them are marked all visible. */
const pages = async (db: Database) =>
  rowsOf<{ all: number; visible: number }>(
    await db.execute(
      sql`select relpages as all, relallvisible as visible from pg_class
          where relname in (${sql.join(
            TABLES.map((table) => sql`${table}`),
            sql`, `,
          )}) order by relname`,
    ),
  );

describe('opening the database', () => {
  it('marks the palette cells and the swatch postings visible when most of their pages are not, so they are read from their index alone', async () => {
    const first = await open();
    try {
      // Rows written since the last vacuum, as a migration writing the tables anew leaves them.
      await first.db.execute(
        sql`insert into palette_cells (cell, item_id, l, a, b)
            select n % 50, '20261129_0000_' || lpad(to_hex(n), 8, '0'), n % 100, 0, 0 from generate_series(1, 5000) as n`,
      );
      await first.db.execute(
        sql`insert into swatch_postings (tag, swatch, item_id, photo_type, dark, distance)
            select 'sea', 'blue', '20261129_0000_' || lpad(to_hex(n), 8, '0'), 'static', false, n % 25
            from generate_series(1, 5000) as n`,
      );
      await first.db.execute(sql`analyze palette_cells, swatch_postings`);
      const written = await pages(first.db);
      expect(written).toHaveLength(TABLES.length);
      for (const table of written) {
        expect(table.all).toBeGreaterThan(10);
        expect(table.visible).toBe(0);
      }
    } finally {
      await first.close();
    }
    const again = await open();
    try {
      for (const table of await pages(again.db)) expect(table.visible).toBe(table.all);
    } finally {
      await again.close();
    }
  });
});
