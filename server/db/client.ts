import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { maintainTables } from './embedded-maintenance.ts';
import { rowsOf } from './repositories/raw-rows.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /** Throws when the database does not answer (the health check). */
  ping(): Promise<void>;
  /**
   * On a server, hears NOTIFY on `channel` from every process, over a connection of its own
   * that is reopened when it drops. PGlite has none: its data directory belongs to one process.
   */
  listen?: (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>;
  /**
   * On a server, opens every connection of the pool at once and has each plan a first statement,
   * so visitors who come together after a start find them ready. PGlite is one connection, open.
   */
  openPool(): Promise<void>;
  /**
   * On PGlite, which has no autovacuum, vacuums and analyses the tables that are due
   * (`maintainTables`) and names them; a server's autovacuum does this itself.
   */
  maintain?: () => Promise<string[]>;
  close(): Promise<void>;
}

export interface NotificationHandlers {
  onNotification(payload: string): void;
  /** After the connection was reopened: notifications sent meanwhile are lost. */
  onReconnect(): void;
  onError(error: Error): void;
}

/** How long to wait before reopening a dropped listening connection. */
const RELISTEN_DELAY_MS = 1000;

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The tag of the newest migration this code applies: the schema a backup is made from. */
export function latestMigration(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)!.tag;
}

/** Any number for the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 7_301_944;

/**
 * The extensions the migrations create, for PGlite to load (a server has them in its contrib
 * package): pg_trgm for near spellings (migration 0007), and cube, which migration 0034 creates and
 * 0035 drops, for a database made or upgraded from before them.
 */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { cube }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/cube'),
  ]);
  return { pg_trgm, cube };
}

/**
 * Postgres' default 128 MB of shared buffers is sized for a server of its own; inside the
 * store's process, the catalogue cache and the OS page cache do that work (and PGlite starts in
 * half the time).
 */
export const PGLITE_SETTINGS = ['shared_buffers = 16MB', 'wal_buffers = 1MB'];

/**
 * Opens PostgreSQL: a server when `databaseUrl` is given, otherwise PGlite in `pgliteDir`
 * (or in memory when that is undefined too). Migrations are applied before it is returned.
 * Each driver is loaded only when it is the one used: a process on a server never holds PGlite's
 * code, nor one on PGlite the server's client.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir?: string | undefined;
  /** PGlite starts from this dump of a data directory (`dumpDataDir`) instead of an empty one. */
  pgliteDump?: Blob | undefined;
  /** Told when the server drops an idle pooled connection (restart, failover); the pool replaces it. */
  onIdleConnectionError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onIdleConnectionError ?? (() => {}));
  const [{ PGlite }, extensions, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    pgliteExtensions(),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create(options.pgliteDir, {
    loadDataDir: options.pgliteDump,
    postgresqlconf: PGLITE_SETTINGS,
    extensions,
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  await markKeyReadTablesVisible(db);
  return {
    db,
    ping: () => pingOf(db),
    openPool: async () => {},
    maintain: () => maintainTables(db),
    close: () => client.close(),
  };
}

/** Sets a setting for the session where nobody set it (its source is PostgreSQL's default). */
const unlessSet = (name: string, value: string) =>
  `select set_config('${name}', '${value}', false) where (select source from pg_settings where name = '${name}') = 'default'`;

/**
 * What each new connection sets for its session, each only where nobody set it, so a server's own
 * configuration, the database's or the role's keep theirs; a server that refuses one leaves it as
 * it was.
 * - A bitmap scan asks the disk for the pages it will read next, as many at once as
 *   `effective_io_concurrency` says: PostgreSQL's default before version 18 is one at a time, and
 *   its 18th made it 16. A tag's 920 rows under a swatch, read from the disk, took 59–68 ms one at
 *   a time and 21–23 ms sixteen at a time (decision 081).
 * - No parallel workers (`max_parallel_workers_per_gather`): a worker is a server process started
 *   for the statement. The planner chose one for reads of a colour's cells it expected to hold
 *   about 70,000 colours, where they held 1,632: 32 ms with the worker, 5 ms without (decision 091).
 * - No JIT compilation (`jit`): only the counts of a million rows cost enough for it, and it made
 *   them slower (OLED dark live wallpapers 946 → 231 ms). Once a connection has compiled one, every
 *   later statement of that connection faults in memory afresh: a swatch's page took 3–5 ms to plan
 *   instead of 0.7 (decision 093).
 */
const SESSION_SETTINGS = [
  unlessSet('effective_io_concurrency', '16'),
  unlessSet('max_parallel_workers_per_gather', '0'),
  unlessSet('jit', 'off'),
];

/**
 * A new connection's first plan reads the descriptions of the tables, indexes and operators it
 * touches into that server process's caches; a plan of a read of the items does most of that for
 * every later statement. On a new connection at 200,000 items, a swatch's page then planned in
 * 0.8–1.0 ms instead of 4.7–5.5, after a statement of its own of 5.5–6.5 ms (decision 097).
 */
const FIRST_PLAN = `explain select * from items where item_id = ''`;

/** How many connections a process's pool holds at most (decision 079). */
const POOL_SIZE = 10;

async function openPostgres(url: string, onIdleConnectionError: (error: Error) => void): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // A connection opened stays open (pg-pool closed one idle for 10 s): a new one is a new server
  // process, whose first query fills its caches before it plans, so visitors who came together
  // after a quiet spell waited for them (four first pages at once: median 71–88 → 44–53 ms; decision 079).
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    idleTimeoutMillis: 0,
    // Each new connection's first statements, before it is handed out (decisions 081 and 091).
    onConnect: async (client) => {
      for (const setting of SESSION_SETTINGS) await client.query(setting).catch(() => undefined);
    },
  });
  // Without a listener, an idle connection ended by the server is an uncaught error that stops the process.
  pool.on('error', onIdleConnectionError);
  const connection = await pool.connect();
  try {
    // Several API processes may start at once; only one migrates at a time.
    const single = drizzlePg(connection, { schema });
    await single.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await migratePg(single, { migrationsFolder });
      await markKeyReadTablesVisible(single);
    } finally {
      await single.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  } catch (error) {
    connection.release();
    await pool.end();
    throw error;
  }
  connection.release();
  const db = drizzlePg(pool, { schema });
  return {
    db,
    ping: () => pingOf(db),
    listen: (channel, handlers) => listenOnServer(pg, url, channel, handlers),
    openPool: async () => {
      const opened = await Promise.allSettled(Array.from({ length: POOL_SIZE }, () => pool.connect()));
      const connections = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      try {
        await Promise.all(connections.map((connection) => connection.query(FIRST_PLAN)));
      } finally {
        for (const connection of connections) connection.release();
      }
      const failed = opened.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
    close: () => pool.end(),
  };
}

/**
 * Vacuums palette_cells and swatch_postings, each when fewer than half its pages are marked all
 * visible: after the table was written anew (a restore, a migration that writes it on an older
 * store) or, on PGlite, which has no autovacuum, once the catalogue has grown. Both are read from
 * their index alone only while their pages are marked so: a colour's list merges the blocks'
 * scans newest first (otherwise it sorts every colour of the blocks, hundreds of milliseconds at
 * 300,000 items instead of tens), and a swatch within a tag reads its 1,000 postings from the key
 * (otherwise a row of the table each: 124 ms at a million items, 917 rows, their pages not yet in
 * memory). On a server the processes that start together wait on the migrations' lock, so one of
 * them vacuums.
 */
async function markKeyReadTablesVisible(db: Database): Promise<void> {
  const stale = rowsOf<{ name: string }>(
    await db.execute(
      sql`select relname as name
          from (select relname, relallvisible, pg_relation_size(oid) / current_setting('block_size')::int as pages
                from pg_class where oid in ('palette_cells'::regclass, 'swatch_postings'::regclass)) as tables
          where pages > 0 and relallvisible < pages / 2`,
    ),
  );
  for (const { name } of stale) await db.execute(sql`vacuum ${sql.identifier(name)}`);
}

async function pingOf(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

async function listenOnServer(
  /** node-postgres, which `openPostgres` loaded. */
  driver: typeof pg,
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const open = async () => {
    const next = new driver.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    next.on('error', handlers.onError);
    next.on('end', () => {
      if (client === next) reopenLater();
    });
    try {
      await next.connect();
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
  };

  const reopenLater = () => {
    client = undefined;
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      open().then(handlers.onReconnect, (error: unknown) => {
        handlers.onError(error as Error);
        reopenLater();
      });
    }, RELISTEN_DELAY_MS);
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end();
  };
}
