import { listenForAdminCommands } from './ops/admin-commands.ts';
import { buildApp, DEFAULT_WEB_DIR } from './app/app.ts';
import { flushCompileCache } from 'node:module';
import { networkInterfaces } from 'node:os';
import { ConfigError, configWarnings, isLocal, loadConfig, type Config } from './shared/config.ts';
import { DataDirLockedError } from './ops/data-dir-lock.ts';
import { createLogger } from './shared/logger.ts';
import { drawDemoInBackground } from './demo/demo-in-background.ts';
import { openRuntime } from './app/runtime.ts';
import { stopOnSignals } from './app/shutdown.ts';
import { startWorker } from './app/worker.ts';

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
    claimTimeoutMs: config.claimTimeoutMs,
    soleProcess: !config.databaseUrl,
    maintainDatabase: runtime.database.maintain,
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
  // With the embedded database, `npm run admin` hands its commands to this process, which holds it.
  const closeAdminSocket = config.databaseUrl
    ? async () => {}
    : await listenForAdminCommands(config.dataDir, runtime, logger);
  let demo: Awaited<ReturnType<typeof drawDemoInBackground>>;
  stopOnSignals(logger, config.shutdownTimeoutMs, [
    async () => demo?.stop(),
    closeAdminSocket,
    closeHttp,
    () => worker.stop(),
    () => runtime.close(),
  ]);

  await runtime.adminItems.queueMissingLivePreviews();
  await runtime.adminItems.queueMissingPalettes();
  await runtime.adminItems.queueMissingAppImages();
  await app.listen({ port: config.port, host: config.host });
  // Every module is loaded now: the next start reads them as compiled (NODE_COMPILE_CACHE, decision
  // 058) even if this process is killed.
  flushCompileCache();
  app.log.info(`${config.storeName} is open at ${config.publicUrl}`);
  if (isLocal(config.publicUrl)) {
    // A QR code (Send to phone) holds PUBLIC_URL, which a phone cannot open while it names this machine alone.
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((address) => address?.family === 'IPv4' && !address.internal)?.address;
    app.log.info(
      `To open the store from a phone on this network (Send to phone), start it with PUBLIC_URL=http://${lan ?? 'this-computers-address'}:${config.port}`,
    );
  }
  // On a server, every connection of the pool, then the counts of every tag and of the lists a
  // visitor starts from, once: a first visit takes its total from them. Then a colour's pages run
  // once through the colour index, when one answers (decision 100). Not on the embedded
  // database, which answers one query at a time: a first visitor would wait behind them.
  if (config.databaseUrl)
    runtime.database
      .openPool()
      .catch((error: unknown) => app.log.warn({ err: error }, 'the database connections were not all opened'))
      .then(() => runtime.catalogue.countLists())
      .catch((error: unknown) => app.log.warn({ err: error }, 'the lists were not counted'))
      .then(() => runtime.catalogue.warmColourPages())
      .catch((error: unknown) => app.log.warn({ err: error }, 'the colour pages were not run before a visitor'));
  // A first start's demo catalogue is drawn while the store already answers.
  if (config.seedDemo) {
    demo = await drawDemoInBackground({ ...runtime, count: config.demoItems, log: (message) => app.log.info(message) });
    demo?.done.catch((error: unknown) => app.log.error({ err: error }, 'the demo catalogue was not finished'));
  }
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  fail(error);
}
start(config).catch(fail);
