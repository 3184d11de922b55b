import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import type { Config } from '../shared/config.ts';
import { lockDataDir } from '../ops/data-dir-lock.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import type { Media } from '../providers/media/media.ts';
import { SharpFfmpegMedia } from '../providers/media/sharp-ffmpeg-media.ts';
import type { Redis } from 'ioredis';
import type { Logger } from '../shared/logger.ts';
import type { Mailer } from '../providers/email/mailer.ts';
import { OutboxMailer } from '../providers/email/outbox-mailer.ts';
import { SmtpMailer } from '../providers/email/smtp-mailer.ts';
import { CachedStorage } from '../providers/storage/cached-storage.ts';
import { LocalStorage } from '../providers/storage/local-storage.ts';
import type { Storage } from '../providers/storage/storage.ts';
import type { PaymentProvider } from '../providers/payment/payment.ts';
import { PayPalProvider } from '../providers/payment/paypal.ts';
import { NO_METRICS, type Metrics } from '../providers/metrics/metrics.ts';
import { NoPayments } from '../providers/payment/no-payments.ts';
import { TestWallet } from '../providers/payment/test-wallet.ts';
import { loadDownloadSigner } from '../security/download-links.ts';
import { AccountsService } from '../services/accounts/accounts.service.ts';
import { AdminItemsService } from '../services/items/admin-items.service.ts';
import { ItemLifecycleService } from '../services/items/item-lifecycle.service.ts';
import { CheckoutService } from '../services/orders/checkout.service.ts';
import { RefundsService } from '../services/orders/refunds.service.ts';
import { AdminOrdersService } from '../services/orders/admin-orders.service.ts';
import { RefundsRepository } from '../db/repositories/refunds.repository.ts';
import { CouponsRepository } from '../db/repositories/coupons.repository.ts';
import { CouponsService } from '../services/orders/coupons.service.ts';
import { ProcessingService } from '../services/items/processing.service.ts';
import { UploadsService } from '../services/items/uploads.service.ts';
import { ItemsRepository } from '../db/repositories/items.repository.ts';
import { JobsRepository } from '../db/repositories/jobs.repository.ts';
import { OrdersRepository } from '../db/repositories/orders.repository.ts';
import { SettingsRepository } from '../db/repositories/settings.repository.ts';
import { SnapshotRepository } from '../db/repositories/snapshot.repository.ts';
import { transactionsOf } from '../db/repositories/transactions.ts';
import { UsersRepository } from '../db/repositories/users.repository.ts';
import { VitalsRepository } from '../db/repositories/vitals.repository.ts';
import { AppEventsRepository } from '../db/repositories/app-events.repository.ts';
import { WaitingListRepository } from '../db/repositories/waiting-list.repository.ts';
import { HealthService } from '../services/platform/health.service.ts';
import { JobQueue } from '../services/platform/job-queue.ts';
import { VitalsService } from '../services/platform/vitals.service.ts';
import { ReportsService } from '../services/platform/reports.service.ts';
import { ReportsRepository } from '../db/repositories/reports.repository.ts';
import { BannersService } from '../services/catalogue/banners.service.ts';
import { ColourIndexClient } from '../services/catalogue/colour-index-client.ts';
import { BannersRepository } from '../db/repositories/banners.repository.ts';
import { BundlesService } from '../services/catalogue/bundles.service.ts';
import { BundlesRepository } from '../db/repositories/bundles.repository.ts';
import { MobileAppService } from '../services/catalogue/mobile-app.service.ts';
import { LoginThrottle } from '../services/accounts/login-throttle.service.ts';
import { Sweeper } from '../services/platform/sweeper.service.ts';
import { DeviceFitService } from '../services/catalogue/device-fit.service.ts';
import { DownloadsService } from '../services/orders/downloads.service.ts';
import { FavouritesService } from '../services/accounts/favourites.service.ts';
import { FavouritesRepository } from '../db/repositories/favourites.repository.ts';
import { PhoneLinksService } from '../services/accounts/phone-links.service.ts';
import { PhoneLinksRepository } from '../db/repositories/phone-links.repository.ts';
import { WaitingListService } from '../services/items/waiting-list.service.ts';
import { AdminLogService } from '../services/platform/admin-log.service.ts';
import { AdminActionsRepository } from '../db/repositories/admin-actions.repository.ts';
import { CATALOGUE_CHANGES_CHANNEL, CatalogueService } from '../services/catalogue/catalogue.service.ts';

/** The store's services, wired once for the server, the scripts and the tests alike. */
export interface Services {
  catalogue: CatalogueService;
  accounts: AccountsService;
  checkout: CheckoutService;
  refunds: RefundsService;
  coupons: CouponsService;
  adminOrders: AdminOrdersService;
  payments: PaymentProvider;
  uploads: UploadsService;
  adminItems: AdminItemsService;
  lifecycle: ItemLifecycleService;
  adminLog: AdminLogService;
  waitingList: WaitingListService;
  processing: ProcessingService;
  mailer: Mailer;
  jobs: JobQueue;
  loginThrottle: LoginThrottle;
  sweeper: Sweeper;
  health: HealthService;
  vitals: VitalsService;
  reports: ReportsService;
  banners: BannersService;
  bundles: BundlesService;
  mobileApp: MobileAppService;
  deviceFit: DeviceFitService;
  downloads: DownloadsService;
  favourites: FavouritesService;
  phoneLinks: PhoneLinksService;
  /** Prometheus' metrics where METRICS_TOKEN lets someone read them; nothing counted otherwise. */
  metrics: Metrics;
}

export interface Runtime extends Services {
  database: DatabaseHandle;
  /** Values every process shares (app_settings). */
  settings: SettingsRepository;
  /** The whole database as rows, for backups. */
  snapshots: SnapshotRepository;
  storage: Storage;
  media: Media;
  /** Shared rate-limit counters when REDIS_URL is set. */
  redis: Redis | undefined;
  close(): Promise<void>;
}

/**
 * Where files live: an S3-compatible bucket when S3_BUCKET is set, otherwise DATA_DIR/storage.
 * The S3 SDK is loaded only for a bucket: a store on disk doesn't hold it (about 6 MB).
 */
export async function createFileStorage(config: Config): Promise<Storage> {
  if (!config.s3) return new LocalStorage(config.storageDir);
  const { S3Storage } = await import('../providers/storage/s3-storage.ts');
  return new S3Storage({ ...config.s3, spoolDir: path.join(config.dataDir, 'spool') });
}

/** Small content-addressed files (thumbnails, previews) kept in memory in front of the storage. */
export function withReadCache(files: Storage): CachedStorage {
  return new CachedStorage(files, { maxBytes: 32 * 1024 * 1024, maxObjectBytes: 512 * 1024 });
}

export function createMedia(config: Config): Media {
  return new SharpFfmpegMedia(config.ffmpegPath ?? ffmpegInstaller.path);
}

/** PayPal with keys; the test wallet on a local store or where asked for; otherwise none (checkout closed). */
function createPaymentProvider(config: Config): PaymentProvider {
  if (config.paypal) return new PayPalProvider(config.paypal);
  return config.payments === 'test' ? new TestWallet() : new NoPayments();
}

/** SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox with their links logged. */
function createMailer(config: Config, logger: Logger): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(config.outboxDir, config.mailFrom, (message) => logger.info(message));
}

/** What the health answer says of payments: the provider, and whether PayPal's webhooks can be verified. */
function paymentsHealth(config: Config) {
  return config.paypal
    ? ({ payments: 'paypal', webhooks: config.paypal.webhookId ? 'verified' : 'unverified' } as const)
    : ({ payments: config.payments as 'test' | 'none', webhooks: 'not-used' } as const);
}

/** The layers below the routes: repositories over the database, and the services over them and the providers. */
export async function createServices(deps: {
  config: Config;
  logger: Logger;
  database: Pick<DatabaseHandle, 'db' | 'ping'>;
  storage: Storage;
  media: Media;
}): Promise<Services> {
  const { config, logger, storage, media } = deps;
  const { db } = deps.database;
  const repositories = {
    items: new ItemsRepository(db),
    orders: new OrdersRepository(db),
    users: new UsersRepository(db),
    waitingList: new WaitingListRepository(db),
  };
  const jobsRepository = new JobsRepository(db);
  // prom-client is imported only by a process whose metrics someone reads (decision 074).
  const metrics = config.metricsToken
    ? new (await import('../providers/metrics/prometheus-metrics.ts')).PrometheusMetrics({
        jobs: () => jobsRepository.backlog(),
        waitingList: () => repositories.waitingList.backlog(),
      })
    : NO_METRICS;
  const inTransaction = transactionsOf(db);
  const mailer = createMailer(config, logger);
  const payments = createPaymentProvider(config);
  const jobs = new JobQueue(jobsRepository);
  const catalogue = new CatalogueService({
    items: repositories.items,
    inTransaction,
    cacheBytes: config.catalogueCacheBytes,
    links: config.itemLinks,
    metrics,
    jobs,
    colourIndex: config.colourIndexUrl ? new ColourIndexClient({ url: config.colourIndexUrl, logger }) : undefined,
  });
  const adminLog = new AdminLogService(new AdminActionsRepository(db));
  const bundles = new BundlesService({
    bundles: new BundlesRepository(db),
    inTransaction,
    adminLog,
    links: config.itemLinks,
    catalogue,
  });
  const lifecycle = new ItemLifecycleService({ ...repositories, catalogue, bundles, storage, adminLog });
  const adminItems = new AdminItemsService({
    items: repositories.items,
    storage,
    media,
    catalogue,
    lifecycle,
    jobs,
    links: config.itemLinks,
    adminLog,
  });
  const uploads = new UploadsService({ storage, media, limits: config.uploadLimits });
  const banners = new BannersService({
    banners: new BannersRepository(db),
    uploads,
    storage,
    media,
    inTransaction,
    adminLog,
    links: config.itemLinks,
    catalogue,
  });
  const waitingList = new WaitingListService({
    entries: repositories.waitingList,
    storage,
    catalogue,
    lifecycle,
    uploads,
    adminLog,
  });
  const site = { storeName: config.storeName, publicUrl: config.publicUrl };
  const deviceFit = new DeviceFitService({ storage, media });
  const loginThrottle = new LoginThrottle(repositories.users, config.loginLimits);
  const accounts = new AccountsService({
    users: repositories.users,
    inTransaction,
    mailer,
    jobs,
    throttle: loginThrottle,
    ...site,
  });
  const refunds = new RefundsService({
    orders: repositories.orders,
    refunds: new RefundsRepository(db),
    accounts,
    inTransaction,
    payments,
    mailer,
    jobs,
    adminLog,
    ...site,
    log: logger,
    metrics,
  });
  const coupons = new CouponsService({ coupons: new CouponsRepository(db), inTransaction, adminLog });
  const checkout = new CheckoutService({
    orders: repositories.orders,
    catalogue,
    bundles,
    accounts,
    inTransaction,
    refunds,
    coupons,
    payments,
    mailer,
    jobs,
    signer: await loadDownloadSigner(new SettingsRepository(db)),
    captureStaleMs: config.claimTimeoutMs,
    ...site,
    log: logger,
    metrics,
  });
  return {
    adminLog,
    metrics,
    mailer,
    payments,
    catalogue,
    jobs,
    waitingList,
    adminItems,
    lifecycle,
    uploads,
    processing: new ProcessingService({ items: repositories.items, storage, media, catalogue, waitingList }),
    loginThrottle,
    sweeper: new Sweeper({ ...repositories, storage, graceMs: config.orphanGraceMs }),
    health: new HealthService({ ping: deps.database.ping, storage, payments: paymentsHealth(config) }),
    vitals: new VitalsService(new VitalsRepository(db)),
    reports: new ReportsService({ reports: new ReportsRepository(db) }),
    banners,
    bundles,
    mobileApp: new MobileAppService({
      catalogue,
      settings: new SettingsRepository(db),
      events: new AppEventsRepository(db),
      links: config.itemLinks,
      adminLog,
      banners,
    }),
    deviceFit,
    downloads: new DownloadsService({ catalogue, checkout, deviceFit }),
    favourites: new FavouritesService({
      favourites: new FavouritesRepository(db),
      links: config.itemLinks,
    }),
    accounts,
    checkout,
    refunds,
    coupons,
    adminOrders: new AdminOrdersService({ orders: repositories.orders, refunds, accounts, jobs, adminLog, bundles }),
    phoneLinks: new PhoneLinksService({
      links: new PhoneLinksRepository(db),
      catalogue,
      checkout,
      publicUrl: config.publicUrl,
    }),
  };
}

/**
 * Opens everything the server and the scripts share, in order: the DATA_DIR lock (embedded
 * database only), the database with its migrations, storage and media.
 */
export async function openRuntime(config: Config, logger: Logger): Promise<Runtime> {
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: DatabaseHandle;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pgdata'),
      onIdleConnectionError: (error) => logger.warn({ err: error }, 'the database server closed an idle connection'),
    });
  } catch (error) {
    release();
    throw error;
  }
  const storage = withReadCache(await createFileStorage(config));
  const media = createMedia(config);
  // ioredis is imported only with REDIS_URL (decision 074).
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 2000 })
    : undefined;
  const services = await createServices({ config, logger, database, storage, media });
  // Several processes may serve one PostgreSQL server: each drops its catalogue copy when another writes.
  const stopListening = await database.listen?.(CATALOGUE_CHANGES_CHANNEL, {
    onNotification: (payload) => services.catalogue.hearAnnouncement(payload),
    onReconnect: () => services.catalogue.invalidate(),
    onError: (error) => logger.warn({ err: error }, 'the catalogue change feed lost its connection; reopening it'),
  });
  return {
    ...services,
    database,
    settings: new SettingsRepository(database.db),
    snapshots: new SnapshotRepository(database.db),
    storage,
    media,
    redis,
    async close() {
      services.metrics.close();
      await stopListening?.();
      redis?.disconnect();
      await database.close();
      release();
    },
  };
}
