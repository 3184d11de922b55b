import type {} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { USER_MESSAGES } from '#contract/constants.ts';
import { DomainError } from '../shared/errors.ts';

export interface RateLimit {
  /** Names the counter: `{name}:{key}`. */
  name: string;
  max: number;
  timeWindow: string;
  key: (request: FastifyRequest) => string;
}

/**
 * A preHandler that enforces every given limit (429 with Retry-After). They are checkers from
 * createRateLimit, in memory or in Redis with REDIS_URL: the plugin itself runs only one of its
 * own limits per request.
 */
export function rateLimited(app: FastifyInstance, limits: RateLimit[]): preHandlerAsyncHookHandler {
  const checks = limits.map((limit) =>
    app.createRateLimit({
      max: limit.max,
      timeWindow: limit.timeWindow,
      keyGenerator: (request) => `${limit.name}:${limit.key(request)}`,
    }),
  );
  return async (request, reply) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new DomainError('too-many-requests', USER_MESSAGES.tooManyAttempts);
      }
    }
  };
}
