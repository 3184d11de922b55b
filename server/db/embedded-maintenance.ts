import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rowsOf } from './repositories/raw-rows.ts';

/** A constant written into the statement: a bound parameter would be read as the column's integer type. */
const literal = (value: number) => sql.raw(String(value));

/** Autovacuum's thresholds (PostgreSQL's defaults): a base of rows, then a share of the table's. */
const BASE_ROWS = 50;
const DEAD_SHARE = 0.2;
const CHANGED_SHARE = 0.1;

/** How many times the pages it held when last counted a table may hold before it is counted again. */
const GROWN = 1.2;

/**
 * The items' statistics come from a sample of 300 times this many rows. Their rows are wide
 * (a wallpaper's files and media) and ten indexes on expressions of them are analysed too:
 * PostgreSQL's default sample (30,000 rows at a target of 100) took 4.3 s of the process's one
 * thread and left it 73 MB larger at 100,000 items; 3,000 rows took 0.6 s and 10 MB, and the
 * lists, colours and searches were as fast as with the default's.
 */
const ITEMS_STATISTICS_TARGET = 10;

/**
 * What PostgreSQL's autovacuum does on a server, for PGlite, which has none (decision 088): each
 * table of the store whose planner's statistics or visibility map have fallen behind its rows is
 * vacuumed and analysed, one at a time. Without it, a store that grew by publishing kept the
 * statistics of its first start (none at all on a new store): at 100,000 items a theme's page near
 * a colour took 125 ms instead of 25, a tag's 108 instead of 17, and a theme's page 401 32
 * instead of 7.
 *
 * A table is due when, as autovacuum counts, more than a fifth of its rows are dead or a tenth
 * changed since it was analysed (counted by this process: PGlite keeps no counts across a start),
 * or when it holds a fifth more pages than when it was last counted, or has no statistics at all
 * (which a start does see). Returns the tables it maintained.
 */
export async function maintainTables(db: Database): Promise<string[]> {
  // Counts of the statements run so far reach pg_stat_user_tables at the next flush.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const due = rowsOf<{ name: string }>(
    await db.execute(
      sql`select c.relname as name
          from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
          where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and pg_relation_size(c.oid) > 0
            and (c.reltuples < 0
              or not exists (select from pg_stats where schemaname = 'public' and tablename = c.relname)
              or pg_relation_size(c.oid) / current_setting('block_size')::int > ${literal(GROWN)} * c.relpages
              or coalesce(s.n_dead_tup, 0) > ${literal(BASE_ROWS)} + ${literal(DEAD_SHARE)} * c.reltuples
              or coalesce(s.n_mod_since_analyze, 0) > ${literal(BASE_ROWS)} + ${literal(CHANGED_SHARE)} * c.reltuples)
          order by c.relname`,
    ),
  );
  for (const { name } of due) {
    const wide = name === 'items';
    if (wide) await db.execute(sql`set default_statistics_target = ${literal(ITEMS_STATISTICS_TARGET)}`);
    try {
      await db.execute(sql`vacuum (analyze) ${sql.identifier(name)}`);
    } finally {
      if (wide) await db.execute(sql`reset default_statistics_target`);
    }
  }
  return due.map(({ name }) => name);
}
