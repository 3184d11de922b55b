import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { registerOriginCheck } from './http/auth.ts';
import { HttpError } from './http/http-error.ts';
import type { Logger } from './logger.ts';
import type { Services } from './runtime.ts';
import type { Database } from './db/client.ts';
import type { Storage } from './providers/storage/storage.ts';
import { configRoutes } from './routes/config/index.ts';
import { downloadRoutes } from './routes/downloads/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { imageRoutes } from './routes/images/index.ts';
import { itemRoutes } from './routes/items/index.ts';
import { storageRoutes } from './routes/storage/index.ts';
import { userRoutes } from './routes/users/index.ts';
import { adminItemRoutes } from './routes/admin-items/index.ts';
import { reviewRoutes } from './routes/review/index.ts';
import { orderRoutes } from './routes/orders/index.ts';
import { webhookRoutes } from './routes/webhooks/index.ts';
import { seoRoutes } from './routes/seo/index.ts';
import { vitalsRoutes } from './routes/vitals/index.ts';
import { registerWebApp } from './web.ts';

export const DEFAULT_WEB_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'web');

const AD_NETWORK_ORIGINS = ['https://pagead2.googlesyndication.com', 'https://googleads.g.doubleclick.net', 'https://tpc.googlesyndication.com'];
/** What PayPal's JS SDK loads: its script, its button frames and their images. */
const PAYPAL_ORIGINS = ['https://www.paypal.com', 'https://*.paypal.com', 'https://www.paypalobjects.com', 'https://*.paypalobjects.com'];

export interface AppDependencies {
  config: Config;
  logger: Logger;
  db: Database;
  storage: Storage;
  services: Services;
  redis?: Redis | undefined;
  /** Wakes the in-process worker when sources are queued. */
  onQueued?: () => void;
  /** The built web app; tests of the API alone leave it out. */
  webDir?: string | undefined;
}

function validationMessage(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation
      .map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return field ? `${field}: ${issue.message}` : issue.message;
      })
      .join('; ');
  }
  return error.message;
}

export async function buildApp(deps: AppDependencies) {
  const { config, services } = deps;
  const logger: FastifyBaseLogger = deps.logger;
  // Signed download tokens are about 140 characters; the router's default allows 100 in a parameter.
  const app = Fastify({ loggerInstance: logger, bodyLimit: 1024 * 1024, routerOptions: { maxParamLength: 500 } }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every failure answers { message }; details of our own faults stay in the log.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.validation ? 400 : (error.statusCode ?? 500);
    // HttpError messages are written for the client, a 502 about PayPal included.
    if (status >= 500 && !(error instanceof HttpError)) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    return reply.code(status).send({ message: validationMessage(error) });
  });

  // An ad network and PayPal, when configured, are the only third parties a page may load.
  const ads = [...(config.publicConfig.adClientId ? AD_NETWORK_ORIGINS : []), ...(config.paypal ? PAYPAL_ORIGINS : [])];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...ads],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...ads],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...ads],
        frameSrc: ads.length ? ads : ["'none'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  // Cookies are parsed only where a session is looked up, not on every catalogue read.
  await app.register(fastifyCookie, { hook: false });
  await app.register(fastifyRateLimit, { global: false, ...(deps.redis && { redis: deps.redis }) });
  registerOriginCheck(app, config.publicUrl);
  // Files are streamed to storage part by part; each route sets its own size limit.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, fileSize: config.uploadLimits.maxVideoBytes } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.storeName} API`, version: '1' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(itemRoutes, { catalogue: services.catalogue });
  await app.register(userRoutes, {
    accounts: services.accounts,
    secureCookies: config.publicUrl.startsWith('https:'),
    limits: config.authRateLimits,
  });
  await app.register(storageRoutes, { storage: deps.storage, accounts: services.accounts });
  await app.register(downloadRoutes, { catalogue: services.catalogue, checkout: services.checkout, storage: deps.storage });
  await app.register(orderRoutes, { checkout: services.checkout, accounts: services.accounts });
  await app.register(adminItemRoutes, { accounts: services.accounts, uploads: services.uploads, adminItems: services.adminItems });
  await app.register(reviewRoutes, { accounts: services.accounts, uploads: services.uploads, waitingList: services.waitingList, storage: deps.storage, onQueued: deps.onQueued ?? (() => {}) });
  await app.register(webhookRoutes, { checkout: services.checkout, payments: services.payments });
  await app.register(imageRoutes, { storage: deps.storage });
  await app.register(healthRoutes, { db: deps.db, storage: deps.storage });
  await app.register(configRoutes, { publicConfig: config.publicConfig });
  await app.register(vitalsRoutes, { db: deps.db });
  await app.register(seoRoutes, { publicUrl: config.publicUrl, catalogue: services.catalogue });

  const servesWeb =
    deps.webDir &&
    (await registerWebApp(app, {
      webDir: deps.webDir,
      publicUrl: config.publicUrl,
      publicConfig: config.publicConfig,
      catalogue: services.catalogue,
    }));
  if (!servesWeb) {
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ message: `Nothing at ${request.method} ${request.url.split('?')[0]}` }),
    );
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
