/**
 * Seeds the demo catalogue into DATA_DIR (or DATABASE_URL) without starting the server.
 * `--unless-disabled` (as `npm start` runs it) leaves it to SEED_DEMO: drawing the wallpapers
 * here, in a process that then ends, keeps that memory out of the server's.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { createLogger } from '../server/logger.ts';
import { openRuntime, seedIfEmpty } from '../server/runtime.ts';

const { values } = parseArgs({ options: { 'unless-disabled': { type: 'boolean', default: false } } });
const config = loadConfig();
const runtime = await openRuntime(config, createLogger(config));
try {
  const before = await runtime.catalogue.countAll();
  await seedIfEmpty(runtime, { ...config, seedDemo: config.seedDemo || !values['unless-disabled'] }, (message) =>
    console.log(message),
  );
  if (before > 0) console.log(`The catalogue already holds ${before} items; nothing seeded.`);
} finally {
  await runtime.close();
}
