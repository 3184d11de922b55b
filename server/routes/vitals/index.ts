import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WebVitalsBodySchema } from '#contract/vitals.ts';
import { rateLimited } from '../../http/rate-limits.ts';
import type { VitalsService } from '../../services/platform/vitals.service.ts';

export const vitalsRoutes: FastifyPluginAsyncZod<{ vitals: VitalsService; perMinute: number }> = async (
  app,
  { vitals, perMinute },
) => {
  app.post(
    '/api/vitals',
    {
      bodyLimit: 8192,
      // A page view sends one batch; more from one address is someone filling the table.
      preHandler: rateLimited(app, [
        { name: 'vitals:ip', max: perMinute, timeWindow: '1 minute', key: (request) => request.ip },
      ]),
      schema: {
        tags: ['vitals'],
        summary: "Stores a page view's web-vitals figures (a batch, or one figure)",
        body: WebVitalsBodySchema,
      },
    },
    async (request, reply) => {
      await vitals.record([request.body].flat());
      return reply.code(204).send();
    },
  );
};
