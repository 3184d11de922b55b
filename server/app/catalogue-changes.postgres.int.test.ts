import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../shared/config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createLogger } from '../shared/logger.ts';
import { openRuntime, type Runtime } from './runtime.ts';
import { buildItemRow } from '../test/builders.ts';
import { openTestDatabase } from '../test/test-database.ts';

/** Polls `read` until it returns `expected`, or gives up after `ms` and returns the last value. */
async function eventually<T>(read: () => Promise<T>, expected: T, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

// Only a server is shared by several processes; PGlite's data directory belongs to one.
describe('two API processes on one PostgreSQL server', () => {
  let testDatabase: DatabaseHandle & { url?: string };
  const dataDirs: string[] = [];
  let writer: Runtime;
  let reader: Runtime;

  const open = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-process-'));
    dataDirs.push(dataDir);
    const config = loadConfig({
      DATABASE_URL: testDatabase.url!,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    });
    return openRuntime(config, createLogger(config));
  };
  const published = async () => (await reader.catalogue.listJson({ limit: 200, offset: 0, sort: 'newest' })).total;

  beforeAll(async () => {
    testDatabase = await openTestDatabase();
    writer = await open();
    reader = await open();
  });
  afterAll(async () => {
    await writer.close();
    await reader.close();
    await testDatabase.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("see each other's catalogue writes without a restart", async () => {
    expect(await published()).toBe(0);
    const row = buildItemRow();
    await writer.catalogue.insert([row]);
    expect(await eventually(published, 1)).toBe(1);

    await writer.catalogue.update(row.itemId, { published: false });
    expect(await eventually(published, 0)).toBe(0);
  });

  it('catch up on what was written while their change feed was down', async () => {
    const row = buildItemRow();
    await writer.catalogue.insert([row]);
    expect(await eventually(published, 1)).toBe(1);

    const admin = new pg.Client({ connectionString: testDatabase.url });
    await admin.connect();
    const { rowCount } = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'listen %'",
    );
    await admin.end();
    expect(rowCount).toBe(2);
    // Announced while the reader's feed is down, so only its reconnection can tell it.
    await writer.catalogue.remove(row.itemId);
    expect(await eventually(published, 0, 10_000)).toBe(0);
  });
});
