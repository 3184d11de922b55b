/**
 * `npm run worker`: processing alone, beside the API servers. Any number can run against one
 * PostgreSQL server; with the embedded database the server's own worker does this work.
 */
import { flushCompileCache } from 'node:module';
import { ConfigError, loadConfig } from './shared/config.ts';
import { createLogger } from './shared/logger.ts';
import { openRuntime } from './app/runtime.ts';
import { stopOnSignals } from './app/shutdown.ts';
import { startWorker } from './app/worker.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
if (!config.databaseUrl) {
  console.error(
    'A separate worker needs a PostgreSQL server (DATABASE_URL). With the embedded database, `npm start` already runs one.',
  );
  process.exit(1);
}
const logger = createLogger(config);
const runtime = await openRuntime(config, logger);
const worker = await startWorker({
  services: runtime,
  logger,
  leaseMs: config.workerLeaseMs,
  claimTimeoutMs: config.claimTimeoutMs,
  soleProcess: false,
});
flushCompileCache();
logger.info('worker started');
stopOnSignals(logger, config.shutdownTimeoutMs, [() => worker.stop(), () => runtime.close()]);
