/** Seeds the demo catalogue into DATA_DIR (or DATABASE_URL) without starting the server. */
import { loadConfig } from '../server/config.ts';
import { createLogger } from '../server/logger.ts';
import { openRuntime, seedIfEmpty } from '../server/runtime.ts';

const config = loadConfig();
const runtime = await openRuntime(config, createLogger(config));
try {
  const before = await runtime.catalogue.countAll();
  await seedIfEmpty(runtime, { ...config, seedDemo: true }, (message) => console.log(message));
  if (before > 0) console.log(`The catalogue already holds ${before} items; nothing seeded.`);
} finally {
  await runtime.close();
}
