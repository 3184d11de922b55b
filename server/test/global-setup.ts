import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database every test database starts from: a PGlite dump's file, or a server database's name. */
    migratedTemplate: string;
  }
}

/**
 * Migrates one database per run for every test file to copy: a fresh PGlite runs initdb and
 * every migration (about three seconds), a copy of a dump opens in a fraction of that; on a
 * server, CREATE DATABASE … TEMPLATE copies files instead of replaying the migrations.
 */
export default async function setup(project: TestProject) {
  if (project.name === 'integration-postgres') return templateOnServer(project);
  const handle = await openDatabase({});
  const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await handle.close();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-int-template-'));
  const file = path.join(folder, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedTemplate', file);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

async function templateOnServer(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('The postgres project needs TEST_DATABASE_URL');
  const name = `pw_template_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await handle.close();
  project.provide('migratedTemplate', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
