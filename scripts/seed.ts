/**
 * `npm run seed`: draws the demo catalogue into an empty DATA_DIR (or DATABASE_URL) without
 * starting the server, whatever SEED_DEMO says (`npm start` draws it itself, in the background).
 */
import { loadConfig } from '../server/shared/config.ts';
import { createLogger } from '../server/shared/logger.ts';
import { seedDemoCatalogue } from '../server/demo/seed-demo-catalogue.ts';
import { openRuntime } from '../server/app/runtime.ts';

const config = loadConfig();
const runtime = await openRuntime(config, createLogger(config));
try {
  const started = Date.now();
  const seeded = await seedDemoCatalogue({
    ...runtime,
    count: config.demoItems,
    log: (message) => console.log(message),
  });
  if (seeded > 0)
    console.log(`Demo catalogue: ${seeded} wallpapers ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  else console.log(`The catalogue already holds ${await runtime.catalogue.countAll()} items; nothing seeded.`);
} finally {
  await runtime.close();
}
