import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WebVitalSchema } from '../../../contract/vitals.ts';
import { rateLimited } from '../../http/rate-limits.ts';
import type { VitalsService } from '../../services/vitals.service.ts';

export const vitalsRoutes: FastifyPluginAsyncZod<{ vitals: VitalsService; perMinute: number }> = async (
  app,
  { vitals, perMinute },
) => {
  app.post(
    '/api/vitals',
    {
      bodyLimit: 2048,
      // A page view sends a handful; more from one address is someone filling the table.
      preHandler: rateLimited(app, [
        { name: 'vitals:ip', max: perMinute, timeWindow: '1 minute', key: (request) => request.ip },
      ]),
      schema: { tags: ['vitals'], summary: 'Stores one web-vitals measurement of a page view', body: WebVitalSchema },
    },
    async (request, reply) => {
      await vitals.record(request.body);
      return reply.code(204).send();
    },
  );
};
