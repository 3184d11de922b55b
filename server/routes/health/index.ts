import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '#contract/api.ts';
import type { HealthService } from '../../services/platform/health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the database and the storage answer, and how payments are set up',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      const { health: answer, failures } = await health.check();
      for (const failure of failures) request.log.error({ err: failure }, 'health check failed');
      return reply.code(answer.status === 'ok' ? 200 : 503).send(answer);
    },
  );
};
