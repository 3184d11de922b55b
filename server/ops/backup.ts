import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { latestMigration } from '../db/client.ts';
import type { SnapshotRepository } from '../db/repositories/snapshot.repository.ts';
import type { Storage, StoredObject } from '../providers/storage/storage.ts';

/**
 * Backups and restores (decision 038): every table as JSON lines, read in one consistent
 * snapshot while the store serves and sells, then every stored file with its metadata. The
 * same format for PGlite and PostgreSQL, local disk and a bucket: a backup of one restores into
 * another. A restore goes into an empty place made by the same version of the store.
 */

export const BACKUP_FORMAT = 1;
const ROWS_PER_PAGE = 1000;
const FILES_PER_PAGE = 500;

interface Manifest {
  format: number;
  migration: string;
  createdAt: string;
  tables: Record<string, number>;
  files: number;
  bytes: number;
}

export interface BackupDependencies {
  snapshots: SnapshotRepository;
  storage: Storage;
}

const lines = (rows: object[]) => rows.map((row) => `${JSON.stringify(row)}\n`).join('');

/** Writes a backup into `dir` (made; it must not exist) and says what it holds. */
export async function createBackup(deps: BackupDependencies, dir: string): Promise<Manifest> {
  await fsp.mkdir(path.join(dir, 'tables'), { recursive: true });
  const tables: Record<string, number> = {};
  // The database first: files are written before the rows that name them, so every file a
  // row of the snapshot names exists already.
  await deps.snapshots.snapshot(async (executor) => {
    for (const table of await deps.snapshots.tables(executor)) {
      const file = await fsp.open(path.join(dir, 'tables', `${table.name}.ndjson`), 'w');
      let count = 0;
      try {
        for (let page = await deps.snapshots.page(table, 0, ROWS_PER_PAGE, executor); page.length;) {
          await file.write(lines(page));
          count += page.length;
          if (page.length < ROWS_PER_PAGE) break;
          page = await deps.snapshots.page(table, count, ROWS_PER_PAGE, executor);
        }
      } finally {
        await file.close();
      }
      tables[table.name] = count;
    }
  });

  const index = await fsp.open(path.join(dir, 'files.ndjson'), 'w');
  let files = 0;
  let bytes = 0;
  try {
    let pageToken: string | undefined;
    do {
      const page = await deps.storage.list({ prefix: '', pageSize: FILES_PER_PAGE, pageToken });
      for (const object of page.items) {
        const target = path.join(dir, 'files', ...object.fullPath.split('/'));
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await pipeline(await deps.storage.get(object.fullPath), fs.createWriteStream(target));
        await index.write(lines([describe(object)]));
        files++;
        bytes += object.size;
      }
      pageToken = page.nextPageToken;
    } while (pageToken);
  } finally {
    await index.close();
  }
  const manifest = {
    format: BACKUP_FORMAT,
    migration: latestMigration(),
    createdAt: new Date().toISOString(),
    tables,
    files,
    bytes,
  };
  await fsp.writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** What a restore needs to put a file back as it was. */
const describe = (object: StoredObject) => ({
  key: object.fullPath,
  contentType: object.contentType,
  md5: object.md5Hash,
  ...(object.cacheControl && { cacheControl: object.cacheControl }),
  ...(object.contentDisposition && { contentDisposition: object.contentDisposition }),
  ...(object.customMetadata && { customMetadata: object.customMetadata }),
});

async function* readLines(file: string): AsyncGenerator<object> {
  const handle = await fsp.open(file);
  try {
    for await (const line of handle.readLines()) if (line.trim()) yield JSON.parse(line) as object;
  } finally {
    await handle.close();
  }
}

/** Puts a backup into an empty database and storage; refuses anything else, saying why. */
export async function restoreBackup(deps: BackupDependencies, dir: string): Promise<Manifest> {
  const manifest = JSON.parse(await fsp.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new Error(`This backup's format (${manifest.format}) is not one this store reads.`);
  if (manifest.migration !== latestMigration())
    throw new Error(
      `This backup was made by a store at schema ${manifest.migration}, this one is at ${latestMigration()}: restore it with that version, then start this one, which upgrades it.`,
    );
  if (await deps.snapshots.holdsAnything())
    throw new Error('The database already holds a store: restore into an empty one.');

  await deps.snapshots.inOneTransaction(async (executor) => {
    const tables = await deps.snapshots.tables(executor);
    await deps.snapshots.clear(tables, executor);
    for (const table of tables) {
      let batch: object[] = [];
      for await (const row of readLines(path.join(dir, 'tables', `${table.name}.ndjson`))) {
        batch.push(row);
        if (batch.length === ROWS_PER_PAGE) {
          await deps.snapshots.insert(table, batch, executor);
          batch = [];
        }
      }
      await deps.snapshots.insert(table, batch, executor);
    }
    await deps.snapshots.resetSequences(executor);
  });

  for await (const entry of readLines(path.join(dir, 'files.ndjson'))) {
    const file = entry as ReturnType<typeof describe>;
    const source = path.join(dir, 'files', ...file.key.split('/'));
    const stored = await deps.storage.put(file.key, fs.createReadStream(source), {
      contentType: file.contentType,
      ...(file.cacheControl && { cacheControl: file.cacheControl }),
      ...(file.contentDisposition && { contentDisposition: file.contentDisposition }),
      ...(file.customMetadata && { customMetadata: file.customMetadata }),
    });
    if (stored.md5Hash && file.md5 && stored.md5Hash !== file.md5)
      throw new Error(`The file ${file.key} of the backup is not the one that was backed up.`);
  }
  return manifest;
}
