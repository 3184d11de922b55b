import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '../shared/config.ts';
import { registerAccessControl, registerOriginCheck, SESSION_SECURITY_SCHEME } from '../http/auth.ts';
import { answerError } from '../http/error-handler.ts';
import { FrontAnswers } from '../http/front-answers.ts';
import { guardAgainstSlowClients } from '../http/slow-clients.ts';
import { markRequestLogger, requestContext, type Logger } from '../shared/logger.ts';
import type { Services } from './runtime.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { configRoutes } from '../routes/config/index.ts';
import { downloadRoutes } from '../routes/downloads/index.ts';
import { healthRoutes } from '../routes/health/index.ts';
import { metricsRoutes } from '../routes/metrics/index.ts';
import { imageRoutes } from '../routes/images/index.ts';
import { itemRoutes } from '../routes/items/index.ts';
import { adminReportRoutes } from '../routes/admin-reports/index.ts';
import { bannerRoutes } from '../routes/banners/index.ts';
import { bundleRoutes } from '../routes/bundles/index.ts';
import { jobRoutes } from '../routes/jobs/index.ts';
import { storageRoutes } from '../routes/storage/index.ts';
import { userRoutes } from '../routes/users/index.ts';
import { favouriteRoutes } from '../routes/favourites/index.ts';
import { phoneLinkRoutes } from '../routes/phone-links/index.ts';
import { adminItemRoutes } from '../routes/admin-items/index.ts';
import { reviewRoutes } from '../routes/review/index.ts';
import { adminLogRoutes } from '../routes/admin-log/index.ts';
import { adminOrderRoutes } from '../routes/admin-orders/index.ts';
import { adminCouponRoutes } from '../routes/admin-coupons/index.ts';
import { orderRoutes } from '../routes/orders/index.ts';
import { webhookRoutes } from '../routes/webhooks/index.ts';
import { seoRoutes } from '../routes/seo/index.ts';
import { vitalsRoutes } from '../routes/vitals/index.ts';
import { mobileAppRoutes } from '../routes/mobile-app/index.ts';
import { registerWebApp } from './web.ts';

export const DEFAULT_WEB_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'web');

const AD_NETWORK_ORIGINS = [
  'https://pagead2.googlesyndication.com',
  'https://googleads.g.doubleclick.net',
  'https://tpc.googlesyndication.com',
];
/** What PayPal's JS SDK loads: its script, its button frames and their images. */
const PAYPAL_ORIGINS = [
  'https://www.paypal.com',
  'https://*.paypal.com',
  'https://www.paypalobjects.com',
  'https://*.paypalobjects.com',
];

export interface AppDependencies {
  config: Config;
  logger: Logger;
  storage: Storage;
  services: Services;
  redis?: Redis | undefined;
  /** Wakes the in-process worker when sources are queued. */
  onQueued?: () => void;
  /** The built web app; tests of the API alone leave it out. */
  webDir?: string | undefined;
}

/** An id a proxy gives a request, as far as it is believed: letters, digits and a few marks. */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Request ids unique across processes, so a reference quoted by a shopper finds its log line on
 * any of them: a random prefix per process and a counter (a random number per request cost an
 * eighth of a small answer's time). Behind a trusted proxy (TRUST_PROXY), the proxy's
 * X-Request-Id is kept, so one id follows the request through both.
 */
function requestIds(trustProxy: Config['trustProxy']): (request: IncomingMessage) => string {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  return (request) => {
    const given = request.headers['x-request-id'];
    if (trustProxy !== false && typeof given === 'string' && PROXY_REQUEST_ID.test(given)) return given;
    return `${prefix}-${(++counter).toString(36)}`;
  };
}

export async function buildApp(deps: AppDependencies) {
  const { config, services } = deps;
  const logger: FastifyBaseLogger = deps.logger;
  const requestId = requestIds(config.trustProxy);
  const front = new FrontAnswers({
    holds: (answer) => services.catalogue.holds(answer),
    requestId,
    metrics: services.metrics,
    logger: deps.logger,
    maxBytes: config.catalogueCacheBytes / 4,
  });
  // Signed download tokens are about 140 characters; the router's default allows 100 in a parameter.
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 500 },
    // The server is Fastify's own but for its listener: answers sent before (front) go out before routing.
    serverFactory: (handler) => {
      const server = http.createServer(
        {
          requestTimeout: config.timeouts.requestMs,
          keepAliveTimeout: config.timeouts.keepAliveMs,
          headersTimeout: config.timeouts.headersMs,
          // Node checks the headers and request timeouts every 30 s by default; a slow client then holds on for that long.
          connectionsCheckingInterval: 1000,
        },
        (request, response) => front.send(request, response) || handler(request, response),
      );
      server.setTimeout(config.timeouts.idleMs);
      return server;
    },
    genReqId: requestId,
    // While closing, a request that arrives on an open connection is still answered (with
    // Connection: close) rather than refused: a rolling restart loses nothing in flight.
    return503OnClosing: false,
    trustProxy: config.trustProxy,
    childLoggerFactory: (parent, bindings, options) => markRequestLogger(parent.child(bindings, options)),
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('preClose', async () => front.close());
  // Every answer names its request, and every log line written while it is answered does too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    requestContext.run({ reqId: request.id }, done);
  });
  app.addHook('onResponse', async (request, reply) =>
    services.metrics.request(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    ),
  );

  guardAgainstSlowClients(app, config.slowClients);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every failure answers { message }: the domain's errors with their status and message, our own
  // faults with a reference to their log line and nothing else.
  app.setErrorHandler(answerError);

  // An ad network and PayPal, when configured, are the only third parties a page may load.
  const ads = [...(config.publicConfig.adClientId ? AD_NETWORK_ORIGINS : []), ...(config.paypal ? PAYPAL_ORIGINS : [])];
  // Item files come from PUBLIC_ASSET_URL's origin when a bucket or CDN serves them.
  const assets = URL.canParse(config.publicConfig.assetBase) ? [new URL(config.publicConfig.assetBase).origin] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...ads],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...assets, ...ads],
        mediaSrc: ["'self'", 'blob:', ...assets],
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
  // Front-ends on other origins (CORS_ORIGINS) may call the API with credentials; others get no CORS answer.
  if (config.corsOrigins.length) {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      // Lists say where the next page is and how many there are, a search what it was answered for, in these headers.
      exposedHeaders: ['Link', 'X-Total-Count', 'X-Search-Suggestion'],
      maxAge: 600,
    });
  }
  registerOriginCheck(app, { publicUrl: config.publicUrl, trustedOrigins: config.corsOrigins });
  registerAccessControl(app, services.accounts);
  // Files are streamed to storage part by part; each route sets its own size limit.
  await app.register(fastifyMultipart, {
    limits: { files: 1, fields: 10, fileSize: config.uploadLimits.maxVideoBytes },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.storeName} API`, version: '1' },
      components: { securitySchemes: SESSION_SECURITY_SCHEME },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(itemRoutes, { catalogue: services.catalogue, viewsPerMinute: config.vitalsRateLimit, front });
  await app.register(favouriteRoutes, { favourites: services.favourites });
  await app.register(phoneLinkRoutes, { phoneLinks: services.phoneLinks, accounts: services.accounts });
  await app.register(userRoutes, {
    accounts: services.accounts,
    secureCookies: config.publicUrl.startsWith('https:'),
    limits: config.authRateLimits,
  });
  await app.register(storageRoutes, { storage: deps.storage });
  await app.register(downloadRoutes, { downloads: services.downloads, storage: deps.storage });
  await app.register(orderRoutes, { checkout: services.checkout, ordersPerTenMinutes: config.orderRateLimit });
  await app.register(adminItemRoutes, {
    uploads: services.uploads,
    adminItems: services.adminItems,
    lifecycle: services.lifecycle,
  });
  await app.register(adminLogRoutes, { adminLog: services.adminLog });
  await app.register(adminOrderRoutes, { adminOrders: services.adminOrders });
  await app.register(adminCouponRoutes, { coupons: services.coupons });
  await app.register(adminReportRoutes, { reports: services.reports });
  await app.register(bannerRoutes, { banners: services.banners, uploads: services.uploads });
  await app.register(bundleRoutes, { bundles: services.bundles });
  await app.register(reviewRoutes, {
    uploads: services.uploads,
    waitingList: services.waitingList,
    storage: deps.storage,
    onQueued: deps.onQueued ?? (() => {}),
  });
  await app.register(webhookRoutes, { checkout: services.checkout, payments: services.payments });
  await app.register(jobRoutes, { jobs: services.jobs });
  await app.register(imageRoutes, { storage: deps.storage, front });
  await app.register(healthRoutes, { health: services.health });
  await app.register(metricsRoutes, { metrics: services.metrics, token: config.metricsToken });
  await app.register(configRoutes, { publicConfig: config.publicConfig });
  await app.register(vitalsRoutes, { vitals: services.vitals, perMinute: config.vitalsRateLimit });
  await app.register(mobileAppRoutes, { mobileApp: services.mobileApp, eventsPerMinute: config.appEventsRateLimit });
  await app.register(seoRoutes, { publicUrl: config.publicUrl, catalogue: services.catalogue });

  const servesWeb =
    deps.webDir &&
    (await registerWebApp(app, {
      webDir: deps.webDir,
      publicUrl: config.publicUrl,
      publicConfig: config.publicConfig,
      catalogue: services.catalogue,
      bundles: services.bundles,
      metrics: services.metrics,
    }));
  if (!servesWeb) {
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send({ message: `Nothing at ${request.method} ${request.url.split('?')[0]}` }),
    );
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
