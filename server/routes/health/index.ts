import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema, type Health } from '../../../contract/api.ts';
import type { Database } from '../../db/client.ts';
import type { Storage } from '../../providers/storage/storage.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; storage: Storage }> = async (app, { db, storage }) => {
  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Whether the database and the storage answer', response: { 200: HealthSchema, 503: HealthSchema } } },
    async (request, reply) => {
      const [database, files] = await Promise.allSettled([db.execute(sql`select 1`), storage.check()]);
      const health: Health = {
        status: database.status === 'fulfilled' && files.status === 'fulfilled' ? 'ok' : 'degraded',
        database: database.status === 'fulfilled' ? 'ok' : 'down',
        storage: files.status === 'fulfilled' ? 'ok' : 'down',
      };
      for (const failed of [database, files]) {
        if (failed.status === 'rejected') request.log.error({ err: failed.reason }, 'health check failed');
      }
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
};
