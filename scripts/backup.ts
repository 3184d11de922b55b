/**
 * `npm run backup -- <folder>`: the store's database (every table, one consistent snapshot)
 * and files, into a new folder inside <folder>. It works while the store serves and sells:
 * with the embedded database, the running server makes it; otherwise this command does.
 */
import path from 'node:path';
import { runAdminCommand, sendAdminCommand } from '../server/ops/admin-commands.ts';
import { loadConfig } from '../server/shared/config.ts';
import { DataDirLockedError } from '../server/ops/data-dir-lock.ts';
import { createLogger } from '../server/shared/logger.ts';
import { openRuntime } from '../server/app/runtime.ts';

const [parent] = process.argv.slice(2);
if (!parent) {
  console.error('Usage: npm run backup -- <folder>   (the backup goes into a new folder inside it)');
  process.exit(1);
}
const dir = path.resolve(parent, `palettewall-backup-${new Date().toISOString().replace(/[:.]/g, '-')}`);
const config = loadConfig();
const command = { command: 'backup' as const, dir };
let result: { ok: boolean; message: string };
try {
  const runtime = await openRuntime(config, createLogger({ logLevel: 'warn' }));
  try {
    result = await runAdminCommand(runtime, command);
  } finally {
    await runtime.close();
  }
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  // The store is running on this DATA_DIR: it makes the backup, between its other work.
  result = await sendAdminCommand(config.dataDir, command);
}
if (!result.ok) {
  console.error(result.message);
  process.exit(1);
}
console.log(result.message);
