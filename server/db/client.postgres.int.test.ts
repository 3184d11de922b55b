import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../test/test-database.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { rowsOf } from './repositories/raw-rows.ts';
import { items } from './schema.ts';

// Only a server can end a connection behind the pool's back.
describe('the PostgreSQL pool', () => {
  let testDatabase: DatabaseHandle & { url?: string };
  beforeAll(async () => {
    testDatabase = await openTestDatabase();
  });
  afterAll(() => testDatabase.close());

  it('survives the server ending its idle connections, and reports it', async () => {
    const reported: Error[] = [];
    const handle = await openDatabase({
      databaseUrl: testDatabase.url,
      onIdleConnectionError: (error) => reported.push(error),
    });
    try {
      await handle.db.execute(sql`select 1`);
      const admin = new pg.Client({ connectionString: testDatabase.url });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await admin.end();
      const deadline = Date.now() + 5000;
      while (reported.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));

      expect(reported[0]?.message).toMatch(/terminating connection/);
      // The pool replaced the ended connection: the next query works.
      expect(await handle.db.$count(items)).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it("has the server read ahead in bitmap scans and plan without parallel workers or JIT, unless the database's own settings say", async () => {
    /** The settings on three connections of one pool, asked at once. */
    const settings = async () => {
      const handle = await openDatabase({ databaseUrl: testDatabase.url, onIdleConnectionError: () => {} });
      try {
        const rows = await Promise.all(
          [1, 2, 3].map(
            async () =>
              rowsOf<{ readAhead: string; workers: string; jit: string; pid: number }>(
                await handle.db.execute(
                  sql`select current_setting('effective_io_concurrency') as "readAhead",
                        current_setting('max_parallel_workers_per_gather') as workers,
                        current_setting('jit') as jit,
                        pg_backend_pid() as pid, pg_sleep(0.05)`,
                ),
              )[0]!,
          ),
        );
        expect(new Set(rows.map((row) => row.pid)).size).toBe(3);
        return rows.map(({ readAhead, workers, jit }) => [readAhead, workers, jit]);
      } finally {
        await handle.close();
      }
    };
    expect(await settings()).toEqual([
      ['16', '0', 'off'],
      ['16', '0', 'off'],
      ['16', '0', 'off'],
    ]);
    const database = rowsOf<{ name: string }>(
      await testDatabase.db.execute(sql`select current_database() as name`),
    )[0]!;
    const alter = (change: string) => testDatabase.db.execute(sql.raw(`alter database "${database.name}" ${change}`));
    await alter('set effective_io_concurrency = 2');
    await alter('set max_parallel_workers_per_gather = 1');
    await alter('set jit = on');
    try {
      expect(await settings()).toEqual([
        ['2', '1', 'on'],
        ['2', '1', 'on'],
        ['2', '1', 'on'],
      ]);
    } finally {
      await alter('reset effective_io_concurrency');
      await alter('reset max_parallel_workers_per_gather');
      await alter('reset jit');
    }
  });

  it('keeps a connection however long it idles: the query after a quiet spell runs on the same server process', async () => {
    const handle = await openDatabase({ databaseUrl: testDatabase.url, onIdleConnectionError: () => {} });
    const serverProcess = async () =>
      rowsOf<{ pid: number }>(await handle.db.execute(sql`select pg_backend_pid() as pid`))[0]?.pid;
    // pg-pool closes an idle connection on a timer: the quiet spell passes on a clock of the test's own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const before = await serverProcess();
      // Past pg-pool's own idle timeout of 10 s, after which it had closed the connection.
      await vi.advanceTimersByTimeAsync(10_500);
      expect(await serverProcess()).toBe(before);
    } finally {
      vi.useRealTimers();
      await handle.close();
    }
  });

  it('opens all ten connections of its pool when asked, so ten visitors at once wait for none to open', async () => {
    const handle = await openDatabase({ databaseUrl: testDatabase.url, onIdleConnectionError: () => {} });
    try {
      await handle.openPool();
      const { opened } = rowsOf<{ opened: string }>(
        await handle.db.execute(sql`select clock_timestamp()::text as opened`),
      )[0]!;
      // Ten statements at once, each holding its connection a moment, so each has one of its own.
      const connections = await Promise.all(
        Array.from(
          { length: 10 },
          async () =>
            rowsOf<{ pid: number; openedBefore: boolean }>(
              await handle.db.execute(
                sql`select pg_backend_pid() as pid,
                      (select backend_start from pg_stat_activity where pid = pg_backend_pid()) < ${opened}::timestamptz
                        as "openedBefore",
                      pg_sleep(0.05)`,
              ),
            )[0]!,
        ),
      );
      expect(new Set(connections.map((connection) => connection.pid)).size).toBe(10);
      expect(connections.filter((connection) => !connection.openedBefore)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
