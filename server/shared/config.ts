import path from 'node:path';
import { z } from 'zod';
import { STORE_NAME_DEFAULT } from '#contract/constants.ts';
import { DEFAULT_ASSET_BASE } from '#contract/item-url.ts';
import { DEMO_ITEM_COUNT } from './constants.ts';

/** PayPal's REST API for each PAYPAL_ENV. */
const PAYPAL_API = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    STORE_NAME: z.string().min(1).max(60).default(STORE_NAME_DEFAULT),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Lines of text for a person (the default at a terminal) or JSON for a machine (the default otherwise). */
    LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
    /**
     * The proxies in front of the store, whose X-Forwarded-For and X-Request-Id are believed:
     * `true` (any), a number of hops, or comma-separated addresses and CIDR ranges.
     */
    TRUST_PROXY: z
      .string()
      .regex(
        /^(true|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
        'expected true, a number of hops, or addresses',
      )
      .optional(),
    /** Bearer token that /metrics asks for; without it /metrics is off. */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    SEED_DEMO: booleanFlag.default(true),
    DEMO_ITEMS: z.coerce.number().int().min(1).max(1000).default(DEMO_ITEM_COUNT),
    FFMPEG_PATH: z.string().min(1).optional(),
    CONTACT_EMAIL: z.email().default('privacy@palettewall.app'),
    APP_STORE_URL: z.url({ protocol: /^https?$/ }).default('https://apps.apple.com/app/palettewall'),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /** Where `npm run colour-index` answers (decision 098): the API reads colours picked freely from it. */
    COLOUR_INDEX_URL: z.url({ protocol: /^http$/ }).optional(),
    /** The port `npm run colour-index` listens on (on HOST). */
    COLOUR_INDEX_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    PUBLIC_ASSET_URL: z.url({ protocol: /^https?$/ }).optional(),
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
    AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(100_000).default(10),
    LOGIN_BACKOFF_AFTER: z.coerce.number().int().min(1).max(100_000).default(20),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
    BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(100_000_000).default(1024),
    BODY_RATE_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(100),
    CATALOGUE_CACHE_MB: z.coerce.number().positive().max(100_000).default(32),
    ORPHAN_GRACE_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(30 * 86_400)
      .default(3600),
    ORDER_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
    /** Page views an address may report per minute: their web vitals, and a wallpaper page's view. */
    VITALS_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(300),
    /** Events the Android app may report per address and minute (a phone's session sends a few). */
    APP_EVENTS_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
    PAYPAL_CLIENT_ID: z.string().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    PAYPAL_ENV: z.enum(['sandbox', 'live']).default('sandbox'),
    PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
    /**
     * The test wallet, where no money moves: on by default only where the store is local
     * (PUBLIC_URL on localhost or a loopback address); `true` asks for it anywhere, `false` never.
     */
    TEST_WALLET: booleanFlag.optional(),
    /** Another PayPal API address, for tests that stand in for PayPal's servers. */
    PAYPAL_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    WORKER_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /**
     * How long a payment's capture or an outbox job stays with the process that claimed it; after
     * that another process takes it over (on a server, a process killed mid-payment is finished
     * by the others this long after). With the embedded database a restart takes all back at once.
     * Shorter than a job takes (a PayPal call may take 30 s), a job may be taken over while it runs.
     */
    CLAIM_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** The longest a SIGTERM may take to finish what is under way before the process exits anyway. */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    MAX_IMAGE_MB: z.coerce.number().positive().max(1000).default(50),
    MAX_VIDEO_MB: z.coerce.number().positive().max(5000).default(200),
    MAX_IMAGE_MEGAPIXELS: z.coerce.number().positive().max(1000).default(100),
    AD_CLIENT_ID: z
      .string()
      .regex(/^ca-pub-\d+$/, 'expected an ad client id like ca-pub-1234567890')
      .optional(),
    /** Other front-ends (origins, comma-separated) allowed to call the API from a browser. */
    CORS_ORIGINS: z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .url({ protocol: /^https?$/ })
            .refine(
              (url) => URL.canParse(url) && new URL(url).origin === url,
              'each origin is scheme://host[:port], without a path or trailing slash',
            ),
        ),
      )
      .default([]),
  })
  // PayPal with half its keys would quietly fall back to the test wallet: say which one is missing.
  .superRefine((env, context) => {
    for (const [present, missing] of [
      ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
      ['PAYPAL_CLIENT_SECRET', 'PAYPAL_CLIENT_ID'],
    ] as const) {
      if (env[present] && !env[missing]) {
        context.addIssue({
          code: 'custom',
          path: [missing],
          message: `is required when ${present} is set (PayPal needs both, or neither for the test wallet)`,
        });
      }
    }
  });

export type Config = ReturnType<typeof toConfig>;

/** The n proxies nearest the store are believed: the client is the address the nth one names. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** A store people reach only from this machine: the two-command start, the tests. */
export function isLocal(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
}

export class ConfigError extends Error {}

function toConfig(env: z.infer<typeof EnvSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const paypal =
    env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
      ? {
          clientId: env.PAYPAL_CLIENT_ID,
          clientSecret: env.PAYPAL_CLIENT_SECRET,
          apiBase: env.PAYPAL_API_BASE ?? PAYPAL_API[env.PAYPAL_ENV],
          webhookId: env.PAYPAL_WEBHOOK_ID,
        }
      : undefined;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  // Nothing is ever sold for nothing by default: without PayPal, a public store takes no payments.
  const payments = paypal ? 'paypal' : (env.TEST_WALLET ?? isLocal(publicUrl)) ? 'test' : 'none';
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    storageDir: path.join(dataDir, 'storage'),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    /** The absolute bases of the links in the API's item answers (decision 039). */
    itemLinks: {
      api: publicUrl,
      assets: env.PUBLIC_ASSET_URL?.replace(/\/+$/, '') ?? publicUrl + DEFAULT_ASSET_BASE,
    },
    storeName: env.STORE_NAME,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    trustProxy:
      env.TRUST_PROXY === undefined
        ? false
        : env.TRUST_PROXY === 'true'
          ? true
          : /^\d+$/.test(env.TRUST_PROXY)
            ? trustHops(Number(env.TRUST_PROXY))
            : env.TRUST_PROXY.split(',').map((address) => address.trim()),
    metricsToken: env.METRICS_TOKEN,
    seedDemo: env.SEED_DEMO,
    demoItems: env.DEMO_ITEMS,
    ffmpegPath: env.FFMPEG_PATH,
    smtpUrl: env.SMTP_URL,
    mailFrom:
      env.MAIL_FROM ??
      `"${env.STORE_NAME}" <no-reply@${new URL(env.PUBLIC_URL ?? 'http://palettewall.app').hostname.replace(/^localhost$/, 'palettewall.app')}>`,
    outboxDir: path.join(dataDir, 'outbox'),
    redisUrl: env.REDIS_URL,
    colourIndexUrl: env.COLOUR_INDEX_URL?.replace(/\/+$/, ''),
    colourIndexPort: env.COLOUR_INDEX_PORT,
    /** Files in an S3-compatible bucket when S3_BUCKET is set; otherwise under DATA_DIR/storage. */
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    corsOrigins: env.CORS_ORIGINS,
    authRateLimits: { perIp: env.AUTH_RATE_LIMIT_PER_IP, perEmail: env.AUTH_RATE_LIMIT_PER_EMAIL },
    timeouts: {
      requestMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      // Node refuses a headers timeout longer than the request timeout.
      headersMs: Math.min(env.HEADERS_TIMEOUT_SECONDS, env.REQUEST_TIMEOUT_SECONDS) * 1000,
      idleMs: env.IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveMs: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    },
    slowClients: {
      minBodyBytesPerSecond: env.BODY_MIN_BYTES_PER_SECOND,
      graceMs: env.BODY_RATE_GRACE_SECONDS * 1000,
      maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    },
    orphanGraceMs: env.ORPHAN_GRACE_SECONDS * 1000,
    catalogueCacheBytes: Math.round(env.CATALOGUE_CACHE_MB * 1024 * 1024),
    orderRateLimit: env.ORDER_RATE_LIMIT,
    vitalsRateLimit: env.VITALS_RATE_LIMIT,
    appEventsRateLimit: env.APP_EVENTS_RATE_LIMIT,
    loginLimits: {
      perAccountAndAddress: env.AUTH_RATE_LIMIT_PER_EMAIL,
      perAddress: env.AUTH_RATE_LIMIT_PER_IP,
      backoffAfter: env.LOGIN_BACKOFF_AFTER,
    },
    paypal,
    payments,
    workerLeaseMs: env.WORKER_LEASE_SECONDS * 1000,
    claimTimeoutMs: env.CLAIM_TIMEOUT_SECONDS * 1000,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    uploadLimits: {
      maxImageBytes: Math.round(env.MAX_IMAGE_MB * 1024 * 1024),
      maxVideoBytes: Math.round(env.MAX_VIDEO_MB * 1024 * 1024),
      maxImagePixels: Math.round(env.MAX_IMAGE_MEGAPIXELS * 1_000_000),
    },
    publicConfig: {
      storeName: env.STORE_NAME,
      contactEmail: env.CONTACT_EMAIL,
      appStoreUrl: env.APP_STORE_URL,
      payment: paypal
        ? { provider: 'paypal' as const, paypalClientId: paypal.clientId }
        : { provider: payments as 'test' | 'none' },
      ...(env.AD_CLIENT_ID && { adClientId: env.AD_CLIENT_ID }),
      assetBase: env.PUBLIC_ASSET_URL?.replace(/\/+$/, '') ?? DEFAULT_ASSET_BASE,
    },
  };
}

/** What a configuration that starts may still get wrong; the server logs each as a warning. */
export function configWarnings(config: Config): string[] {
  const warnings = [];
  if (config.paypal && !config.paypal.webhookId)
    warnings.push(
      'PAYPAL_WEBHOOK_ID is not set: PayPal webhooks cannot be verified, so payments that PayPal leaves pending are not completed by its events.',
    );
  if (config.payments === 'none')
    warnings.push(
      `Checkout is closed: ${config.publicUrl} is a public address and no payment provider is set. Set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET to sell, or TEST_WALLET=true for a demo where nothing is paid.`,
    );
  else if (config.payments === 'test' && !isLocal(config.publicUrl))
    warnings.push(
      `The test wallet is on at the public address ${config.publicUrl} (TEST_WALLET=true): anyone can "buy" any wallpaper without paying.`,
    );
  if (config.colourIndexUrl && !config.databaseUrl)
    warnings.push(
      'COLOUR_INDEX_URL is set without DATABASE_URL: the colour index reads a PostgreSQL server, so the embedded database reads every colour itself.',
    );
  return warnings;
}

/** Reads the environment once; nothing else in the server looks at process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return toConfig(parsed.data);
}
