import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppEventBodySchema, AppSettingsSchema, BoardSchema, CatalogSchema } from '#contract/mobile-app.ts';
import { errorReplies } from '../../http/error-replies.ts';
import { rateLimited } from '../../http/rate-limits.ts';
import type { MobileAppService } from '../../services/catalogue/mobile-app.service.ts';
import { caller } from '../../http/auth.ts';

/** The Android app's own paths beside the item lists (decision 039). */
export const mobileAppRoutes: FastifyPluginAsyncZod<{ mobileApp: MobileAppService; eventsPerMinute: number }> = async (
  app,
  { mobileApp, eventsPerMinute },
) => {
  app.get(
    '/api/items/boards/top',
    {
      schema: {
        tags: ['android'],
        summary: "The app's home banners: the owner's active banners, or each theme's, each opening its catalogue",
        response: { 200: z.array(BoardSchema) },
      },
    },
    () => mobileApp.boards(),
  );

  app.get(
    '/api/items/catalogs/top',
    {
      schema: {
        tags: ['android'],
        summary: "The app's catalogue chips: the themes, then the most used tags, each with its newest wallpaper",
        response: { 200: z.array(CatalogSchema) },
      },
    },
    () => mobileApp.catalogs(),
  );

  app.get(
    '/api/items/settings/init',
    {
      schema: {
        tags: ['android'],
        summary: "The app's settings: its ad level, set by the owner",
        response: { 200: AppSettingsSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(await mobileApp.settings()),
  );

  app.put(
    '/api/items/settings/init',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Sets the app's ad level",
        body: AppSettingsSchema.pick({ adsLevel: true }),
        response: { 200: AppSettingsSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      await mobileApp.setAdsLevel(request.body.adsLevel, caller(request));
      return mobileApp.settings();
    },
  );

  app.post(
    '/api/items/log',
    {
      bodyLimit: 4096,
      preHandler: rateLimited(app, [
        { name: 'app-events:ip', max: eventsPerMinute, timeWindow: '1 minute', key: (request) => request.ip },
      ]),
      schema: {
        tags: ['android'],
        summary: 'Keeps an event the app reports (a download, a tap, an ad shown); downloads count for what is popular',
        body: AppEventBodySchema,
        response: { 204: z.null(), ...errorReplies(400, 429) },
      },
    },
    async (request, reply) => {
      await mobileApp.record(request.body);
      return reply.code(204).send(null);
    },
  );
};
