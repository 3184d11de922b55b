import { buildApp, DEFAULT_WEB_DIR } from './app.ts';
import { ConfigError, configWarnings, loadConfig, type Config } from './config.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { createLogger } from './logger.ts';
import { openRuntime, seedIfEmpty } from './runtime.ts';
import { stopOnSignals } from './shutdown.ts';
import { startWorker } from './worker.ts';

function fail(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
}

async function start(config: Config) {
  const logger = createLogger(config);
  for (const warning of configWarnings(config)) logger.warn(warning);
  const runtime = await openRuntime(config, logger);
  const worker = await startWorker({
    services: runtime,
    logger,
    leaseMs: config.workerLeaseMs,
    soleProcess: !config.databaseUrl,
  });
  const app = await buildApp({
    config,
    logger,
    storage: runtime.storage,
    services: runtime,
    redis: runtime.redis,
    onQueued: worker.poke,
    webDir: DEFAULT_WEB_DIR,
  });

  // Closing stops listening and finishes the requests in flight (each answered with
  // Connection: close), then the job under way, then the database. A connection whose answer
  // was under way as closing began turns idle afterwards: it is closed then, not left to time out.
  const closeHttp = async () => {
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(idle);
    }
  };
  stopOnSignals(logger, config.shutdownTimeoutMs, [closeHttp, () => worker.stop(), () => runtime.close()]);

  await seedIfEmpty(runtime, config, (message) => app.log.info(message));
  await runtime.adminItems.queueMissingLivePreviews();
  await runtime.adminItems.queueMissingPalettes();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.storeName} is open at ${config.publicUrl}`);
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail(error);
}
start(config).catch(fail);
