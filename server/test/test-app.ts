import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { buildApp, type App } from '../app/app.ts';
import { loadConfig, type Config } from '../shared/config.ts';
import type { Database } from '../db/client.ts';
import { createLogger } from '../shared/logger.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { jobHandlers } from '../jobs/job-handlers.ts';
import { startJobRunner } from '../jobs/job-runner.ts';
import { createFileStorage, createMedia, createServices, withReadCache, type Services } from '../app/runtime.ts';
import { openTestDatabase } from './test-database.ts';
import type { ItemsRepository } from '../db/repositories/items.repository.ts';
import { transactionsOf } from '../db/repositories/transactions.ts';
import { CatalogueService } from '../services/catalogue/catalogue.service.ts';

export interface TestContext extends Services {
  app: App;
  db: Database;
  storage: Storage;
  config: Config;
  dataDir: string;
  /** The test database's address, when it is a PostgreSQL server (for processes the test starts). */
  databaseUrl: string | undefined;
  /** Resolves once no job is due or running: the emails and refunds an action queued are done. */
  settleJobs(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** The whole API, wired as the server wires it, on a database and a storage folder of its own, for `app.inject`. */
export async function createTestContext(
  env: Record<string, string> = {},
  /** `readCache`: small public files kept in memory, as the server keeps them (`withReadCache`). */
  options: { webDir?: string; readCache?: boolean } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', ...env });
  const database = await openTestDatabase();
  const files = await createFileStorage(config);
  const storage = options.readCache ? withReadCache(files) : files;
  const logger = createLogger(config);
  const services = await createServices({ config, logger, database, storage, media: createMedia(config) });
  const redis = config.redisUrl ? new Redis(config.redisUrl) : undefined;
  const app = await buildApp({ config, logger, storage, services, redis, webDir: options.webDir });
  // The outbox's jobs run as they do in the server; the waiting list is processed by the tests themselves.
  const runner = startJobRunner({ queue: services.jobs, handlers: jobHandlers(services), logger, idleMs: 50 });
  const stopWaking = services.jobs.onEnqueued(runner.wake);
  return {
    ...services,
    app,
    db: database.db,
    storage,
    config,
    dataDir,
    databaseUrl: database.url,
    async settleJobs(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while ((await services.jobs.pending()) > 0) {
        if (Date.now() > deadline) throw new Error('jobs did not settle');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      stopWaking();
      await runner.stop();
      await app.close();
      redis?.disconnect();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A catalogue on the test's database read through `items` (a repository a test watches). With
 * no cache (unless given its bytes), every answer and every item's JSON comes from the database.
 */
export function catalogueOver(
  ctx: TestContext,
  items: ItemsRepository,
  cacheBytes = 0,
  colourIndex?: ConstructorParameters<typeof CatalogueService>[0]['colourIndex'],
): CatalogueService {
  return new CatalogueService({
    items,
    inTransaction: transactionsOf(ctx.db),
    cacheBytes,
    links: ctx.config.itemLinks,
    jobs: ctx.jobs,
    colourIndex,
  });
}
