/**
 * `npm run colour-index`: the published palettes' colours held in memory, answering the API
 * processes' pages of a colour picked freely (decision 098). One serves any number of API
 * processes on one PostgreSQL server; each finds it at COLOUR_INDEX_URL.
 */
import { flushCompileCache } from 'node:module';
import { openDatabase } from './db/client.ts';
import { createLogger } from './shared/logger.ts';
import { openColourIndex } from './app/colour-index-server.ts';
import { serverProcessConfig } from './app/server-process-config.ts';
import { stopOnSignals } from './app/shutdown.ts';

const config = serverProcessConfig(
  'The colour index reads a PostgreSQL server (DATABASE_URL); the embedded database belongs to `npm start`.',
);
const logger = createLogger(config);
const database = await openDatabase({ databaseUrl: config.databaseUrl });
const index = await openColourIndex(database, logger, { port: config.colourIndexPort, host: config.host });
stopOnSignals(logger, config.shutdownTimeoutMs, [index.close, () => database.close()]);
logger.info(`the colour index answers at ${index.url} once it has read every palette`);
await index.loaded;
flushCompileCache();
