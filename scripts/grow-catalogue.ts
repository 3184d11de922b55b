/**
 * Adds copies of the seeded items to DATA_DIR (or DATABASE_URL) until the catalogue holds more:
 * `node scripts/grow-catalogue.ts --items 100000 [--tags landscape,fog]`.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/shared/config.ts';
import { growCatalogue } from '../server/demo/grow-catalogue.ts';
import { createLogger } from '../server/shared/logger.ts';
import { openRuntime } from '../server/app/runtime.ts';

const { values } = parseArgs({ options: { items: { type: 'string' }, tags: { type: 'string' } } });
const count = Number(values.items);
if (!Number.isInteger(count) || count < 1) throw new Error('Say how many items to add: --items N');

const config = loadConfig();
const runtime = await openRuntime(config, createLogger(config));
try {
  await growCatalogue(runtime.catalogue, { count, ...(values.tags && { tags: values.tags.split(',') }) });
  console.log(`Added ${count} items; the catalogue holds ${await runtime.catalogue.countAll()}.`);
} finally {
  await runtime.close();
}
