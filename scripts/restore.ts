/**
 * `npm run restore -- <backup folder>`: puts a backup made by `npm run backup` into an empty
 * store (DATA_DIR, or DATABASE_URL and S3_BUCKET as configured) of the same version. Stop the
 * store first with the embedded database.
 */
import { restoreBackup } from '../server/ops/backup.ts';
import { loadConfig } from '../server/shared/config.ts';
import { createLogger } from '../server/shared/logger.ts';
import { openRuntime } from '../server/app/runtime.ts';

const [dir] = process.argv.slice(2);
if (!dir) {
  console.error('Usage: npm run restore -- <backup folder>');
  process.exit(1);
}
const config = loadConfig();
const runtime = await openRuntime(config, createLogger({ logLevel: 'warn' })).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
try {
  const manifest = await restoreBackup(runtime, dir);
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  console.log(`Restored ${rows} rows and ${manifest.files} files from the backup of ${manifest.createdAt}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await runtime.close();
}
