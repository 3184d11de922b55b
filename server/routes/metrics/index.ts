import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Metrics } from '../../providers/metrics/metrics.ts';
import { DomainError } from '../../shared/errors.ts';

/**
 * Prometheus reads the store's metrics here with the token of METRICS_TOKEN (`Authorization:
 * Bearer …`); without a token set, there is nothing here. Closed to the public either way.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics; token: string | undefined }> = async (
  app,
  { metrics, token },
) => {
  const expected = token && Buffer.from(`Bearer ${token}`);
  app.get(
    '/metrics',
    {
      helmet: false,
      schema: { tags: ['operations'], summary: "The store's metrics in Prometheus' format (needs METRICS_TOKEN)" },
    },
    async (request, reply) => {
      if (!expected) throw new DomainError('not-found', 'Metrics are off: set METRICS_TOKEN to read them.');
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        reply.header('www-authenticate', 'Bearer');
        throw new DomainError('unauthenticated', 'The metrics need their token.');
      }
      const { contentType, body } = await metrics.scrape();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    },
  );
};
