import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { rowsOf } from './raw-rows.ts';

/** A table and the columns that hold data (generated columns are made again, never copied). */
export interface TableShape {
  name: string;
  columns: string[];
  /** Sort key of its rows, so pages of a snapshot never overlap. */
  primaryKey: string[];
}

/**
 * Tables the database writes itself from another's rows (by a trigger): like generated columns,
 * never copied, and made again as a restore writes those rows.
 */
const DERIVED_TABLES = new Set([
  'search_words',
  'search_postings',
  'tag_postings',
  'swatch_postings',
  'tag_themes',
  'palette_cells',
]);

/** Every table of the store's schema as rows of JSON: what a backup reads and a restore writes (decision 038). */
export class SnapshotRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** The tables of the public schema, each after the tables its foreign keys point to. */
  async tables(executor: Database = this.db): Promise<TableShape[]> {
    const columns = rowsOf<{ table_name: string; column_name: string }>(
      await executor.execute(sql`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public' and is_generated = 'NEVER'
        order by table_name, ordinal_position`),
    );
    const keys = rowsOf<{ table_name: string; column_name: string }>(
      await executor.execute(sql`
        select tc.table_name, kcu.column_name from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        where tc.table_schema = 'public' and tc.constraint_type = 'PRIMARY KEY'
        order by tc.table_name, kcu.ordinal_position`),
    );
    const references = rowsOf<{ child: string; parent: string }>(
      await executor.execute(sql`
        select conrelid::regclass::text as child, confrelid::regclass::text as parent from pg_constraint
        where contype = 'f' and connamespace = 'public'::regnamespace`),
    );
    const names = [...new Set(columns.map((column) => column.table_name))].filter((name) => !DERIVED_TABLES.has(name));
    const ordered: string[] = [];
    const visit = (name: string, path: string[] = []) => {
      if (ordered.includes(name) || path.includes(name)) return;
      for (const reference of references)
        if (reference.child === name && reference.parent !== name) visit(reference.parent, [...path, name]);
      ordered.push(name);
    };
    for (const name of names) visit(name);
    return ordered.map((name) => ({
      name,
      columns: columns.filter((column) => column.table_name === name).map((column) => column.column_name),
      primaryKey: keys.filter((key) => key.table_name === name).map((key) => key.column_name),
    }));
  }

  /** One page of a table's rows as JSON, in its key's order, from `offset`. */
  async page(table: TableShape, offset: number, limit: number, executor: Database = this.db): Promise<object[]> {
    const order = sql.join(
      (table.primaryKey.length ? table.primaryKey : table.columns).map((column) => sql.identifier(column)),
      sql`, `,
    );
    const columns = sql.join(
      table.columns.map((column) => sql.identifier(column)),
      sql`, `,
    );
    // The row's alias is a name no table has as a column: `to_jsonb(page)` of vitals_daily,
    // whose column is `page`, gave each row's page instead of the row.
    const rows = rowsOf<{ row: object }>(
      await executor.execute(sql`
        select to_jsonb(snapshot_page) as row from (
          select ${columns} from ${sql.identifier(table.name)} order by ${order} limit ${limit} offset ${offset}
        ) snapshot_page`),
    );
    return rows.map((row) => row.row);
  }

  /** Writes rows given as JSON into a table, its data columns by name. */
  async insert(table: TableShape, rows: object[], executor: Database = this.db): Promise<void> {
    if (rows.length === 0) return;
    const columns = sql.join(
      table.columns.map((column) => sql.identifier(column)),
      sql`, `,
    );
    await executor.execute(sql`
      insert into ${sql.identifier(table.name)} (${columns})
      select ${columns} from jsonb_populate_recordset(null::${sql.identifier(table.name)}, ${JSON.stringify(rows)}::jsonb)`);
  }

  /** Empties the tables, the last first: what a freshly opened store wrote at start (its own signing key) gives way. */
  async clear(tables: TableShape[], executor: Database = this.db): Promise<void> {
    for (const table of [...tables].reverse()) await executor.execute(sql`delete from ${sql.identifier(table.name)}`);
  }

  /** After a restore: every sequence (numberId's) goes on from the highest value its column holds. */
  async resetSequences(executor: Database = this.db): Promise<void> {
    const serials = rowsOf<{ table_name: string; column_name: string }>(
      await executor.execute(sql`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_default like 'nextval(%'`),
    );
    for (const { table_name: table, column_name: column } of serials)
      await executor.execute(sql`
        select setval(pg_get_serial_sequence(${table}, ${column}),
          coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`);
  }

  /** Rows in the tables that make a store, to refuse restoring over one. */
  async holdsAnything(): Promise<boolean> {
    const [row] = rowsOf<{ any: boolean }>(
      await this.db.execute(sql`select exists (select 1 from items) or exists (select 1 from users) as any`),
    );
    return row?.any === true;
  }

  /** Runs `work` on one consistent picture of the whole database, whatever is written meanwhile. */
  snapshot<T>(work: (executor: Database) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      return work(tx);
    });
  }

  /** Runs `work` in one transaction: a restore is whole or absent. */
  inOneTransaction<T>(work: (executor: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }
}
