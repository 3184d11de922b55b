/**
 * The baseline of `npm run bench`'s pages timed one at a time: the rows of the items each answer
 * listed (every column), read again by their keys through the same database, and an answer of
 * their JSON prepared as the store prepares one for the visitor (compressed as brotli), by a process that has read
 * them all once before. A page's time over it is what its own query and the store around it
 * cost, beside work that a slower machine slows as well. Started with DATA_DIR
 * in argv[2] (DATABASE_URL from the environment) once the store has stopped, as PGlite's data
 * directory is one process's. Receives { pages } (the ids each answer listed) and answers
 * { times } or { failed }.
 */
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { items } from '../server/db/schema.ts';
import { encodedAs, prepareAnswer } from '../server/shared/prepared-answer.ts';

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  pgliteDir: path.join(process.argv[2]!, 'pgdata'),
});

/** Milliseconds to read these items by key and prepare their answer. */
async function byKey(ids: string[]): Promise<number> {
  const started = performance.now();
  const rows = ids.length > 0 ? await database.db.select().from(items).where(inArray(items.itemId, ids)) : [];
  await encodedAs(prepareAnswer(Buffer.from(JSON.stringify(rows))), 'br');
  return performance.now() - started;
}

process.send!('ready');

process.on('message', async ({ pages }: { pages: string[][] }) => {
  try {
    // Read once before they are timed: the baseline is what a warm process pays.
    for (const ids of pages) await byKey(ids);
    const times = [];
    for (const ids of pages) times.push(await byKey(ids));
    process.send!({ times });
  } catch (error) {
    process.send!({ failed: String(error) });
  } finally {
    await database.close();
  }
});
