import path from 'node:path';
import { z } from 'zod';
import { STORE_NAME_DEFAULT } from '../contract/constants.ts';
import { PAYPAL_API } from './providers/payment/paypal.ts';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  STORE_NAME: z.string().min(1).max(60).default(STORE_NAME_DEFAULT),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag.default(true),
  FFMPEG_PATH: z.string().min(1).optional(),
  CONTACT_EMAIL: z.email().default('privacy@palettewall.app'),
  APP_STORE_URL: z.url({ protocol: /^https?$/ }).default('https://apps.apple.com/app/palettewall'),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(100_000).default(10),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_ENV: z.enum(['sandbox', 'live']).default('sandbox'),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  /** Another PayPal API address, for tests that stand in for PayPal's servers. */
  PAYPAL_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  WORKER_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  MAX_IMAGE_MB: z.coerce.number().positive().max(1000).default(50),
  MAX_VIDEO_MB: z.coerce.number().positive().max(5000).default(200),
  MAX_IMAGE_MEGAPIXELS: z.coerce.number().positive().max(1000).default(100),
  AD_CLIENT_ID: z.string().regex(/^ca-pub-\d+$/, 'expected an ad client id like ca-pub-1234567890').optional(),
});

export type Config = ReturnType<typeof toConfig>;

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
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir,
    storageDir: path.join(dataDir, 'storage'),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    storeName: env.STORE_NAME,
    logLevel: env.LOG_LEVEL,
    seedDemo: env.SEED_DEMO,
    ffmpegPath: env.FFMPEG_PATH,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `"${env.STORE_NAME}" <no-reply@${new URL(env.PUBLIC_URL ?? 'http://palettewall.app').hostname.replace(/^localhost$/, 'palettewall.app')}>`,
    outboxDir: path.join(dataDir, 'outbox'),
    redisUrl: env.REDIS_URL,
    authRateLimits: { perIp: env.AUTH_RATE_LIMIT_PER_IP, perEmail: env.AUTH_RATE_LIMIT_PER_EMAIL },
    paypal,
    workerLeaseMs: env.WORKER_LEASE_SECONDS * 1000,
    uploadLimits: {
      maxImageBytes: Math.round(env.MAX_IMAGE_MB * 1024 * 1024),
      maxVideoBytes: Math.round(env.MAX_VIDEO_MB * 1024 * 1024),
      maxImagePixels: Math.round(env.MAX_IMAGE_MEGAPIXELS * 1_000_000),
    },
    publicConfig: {
      storeName: env.STORE_NAME,
      contactEmail: env.CONTACT_EMAIL,
      appStoreUrl: env.APP_STORE_URL,
      payment: paypal ? { provider: 'paypal' as const, paypalClientId: paypal.clientId } : { provider: 'test' as const },
      ...(env.AD_CLIENT_ID && { adClientId: env.AD_CLIENT_ID }),
    },
  };
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
