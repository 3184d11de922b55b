import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';

/**
 * A database of the test file's own, copied from the run's migrated template (global-setup.ts):
 * PGlite in memory, or, in the postgres project, a fresh database on the TEST_DATABASE_URL server
 * that is dropped on close. Leftovers of earlier runs never matter.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const template = inject('migratedTemplate');
  if (process.env.TEST_DB !== 'postgres') return openDatabase({ pgliteDump: new Blob([fs.readFileSync(template)]) });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `pw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
