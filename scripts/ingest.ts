/**
 * `npm run ingest -- <folder>`: every image in the folder joins the waiting list. With the
 * embedded database, stop the store first (it holds DATA_DIR); the server's worker then
 * processes them at its next start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../server/shared/config.ts';
import { createLogger } from '../server/shared/logger.ts';
import { openRuntime } from '../server/app/runtime.ts';

const folder = process.argv[2];
if (!folder || !fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
  console.error('Usage: npm run ingest -- <folder of images>');
  process.exit(1);
}
const config = loadConfig();
const runtime = await openRuntime(config, createLogger({ logLevel: 'warn' }));
const files = fs
  .readdirSync(folder)
  .filter((name) => /\.(jpe?g|png|webp|avif|heic)$/i.test(name))
  .sort();
const added = [];
try {
  for (const name of files) {
    const stream = fs.createReadStream(path.join(folder, name));
    try {
      const stored = await runtime.uploads.storeSource({ fileName: name, stream, truncated: () => false });
      added.push({ key: stored.key, name });
    } catch (error) {
      console.error(`${name}: ${error instanceof Error ? error.message : error}`);
    }
  }
  const entries = await runtime.waitingList.add(added);
  console.log(
    `${entries.length} of ${files.length} images added to the waiting list (numbers ${entries.map((e) => e.numberId).join(', ') || 'none'}).`,
  );
} finally {
  await runtime.close();
}
