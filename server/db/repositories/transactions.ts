import type { Database } from '../client.ts';

/** What a repository runs its queries on: the database, or a transaction of it. */
export type Executor = Database;

/**
 * Runs work in one database transaction. Services receive this rather than the database:
 * they decide what belongs together, the repositories they call with `tx` write it.
 */
export type RunInTransaction = <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;

export const transactionsOf =
  (db: Database): RunInTransaction =>
  (work) =>
    db.transaction((tx) => work(tx));
