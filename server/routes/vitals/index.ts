import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WebVitalSchema } from '../../../contract/vitals.ts';
import type { Database } from '../../db/client.ts';
import { webVitals } from '../../db/schema.ts';

export const vitalsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/vitals',
    {
      bodyLimit: 2048,
      schema: { tags: ['vitals'], summary: 'Stores one web-vitals measurement of a page view', body: WebVitalSchema },
    },
    async (request, reply) => {
      await db.insert(webVitals).values(request.body);
      return reply.code(204).send();
    },
  );
};
