/**
 * `npm run worker`: processing alone, beside the API servers. Any number can run against one
 * PostgreSQL server; with the embedded database the server's own worker does this work.
 */
import { flushCompileCache } from 'node:module';
import { createLogger } from './shared/logger.ts';
import { openRuntime } from './app/runtime.ts';
import { serverProcessConfig } from './app/server-process-config.ts';
import { stopOnSignals } from './app/shutdown.ts';
import { startWorker } from './app/worker.ts';

const config = serverProcessConfig(
  'A separate worker needs a PostgreSQL server (DATABASE_URL). With the embedded database, `npm start` already runs one.',
);
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
