import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FailedJobSchema, JobSummarySchema } from '#contract/admin.ts';
import { ApiErrorSchema } from '#contract/api.ts';
import { DomainError } from '../../shared/errors.ts';
import type { JobQueue } from '../../services/platform/job-queue.ts';

const errors = { 401: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/** Administrators see the outbox's jobs that gave up (an email the mail server kept refusing) and queue them again. */
export const jobRoutes: FastifyPluginAsyncZod<{ jobs: JobQueue }> = async (app, { jobs }) => {
  app.get(
    '/api/jobs/summary',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'How many jobs are queued, running, failed and done',
        response: { 200: JobSummarySchema, ...errors },
      },
    },
    async () => jobs.summary(),
  );

  app.get(
    '/api/jobs/failed',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Jobs that gave up after their retries, newest first',
        response: { 200: z.array(FailedJobSchema), ...errors },
      },
    },
    async () =>
      (await jobs.failed()).map((job) => ({
        id: job.id,
        kind: job.kind,
        key: job.key,
        attempts: job.attempts,
        lastError: job.lastError ?? '',
        createdAt: job.createdAt.toISOString(),
        failedAt: job.runAt.toISOString(),
      })),
  );

  app.post(
    '/api/jobs/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Queues a failed job again at once',
        params: z.object({ id: z.uuid('id is not valid') }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await jobs.retry(request.params.id))) throw new DomainError('not-found', 'No failed job has this id.');
      return reply.code(204).send(null);
    },
  );
};
