import type { Logger } from '../shared/logger.ts';
import type { JobQueue } from '../services/platform/job-queue.ts';
import type { JobHandlers, JobKind } from '../shared/job-kinds.ts';

/**
 * Runs due jobs until stopped: claim, run the kind's handler, mark done or failed (to be
 * retried later); sleeps when nothing is due and wakes when a job is queued in this process.
 * A claim lasts `leaseMs` (30 s unless told): a worker that dies mid-job loses it to another after it.
 */
export function startJobRunner(deps: {
  queue: JobQueue;
  handlers: JobHandlers;
  logger: Logger;
  idleMs?: number;
  leaseMs?: number;
}) {
  let running = true;
  let wake: (() => void) | undefined;
  let busy: Promise<void> = Promise.resolve();
  const idle = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, deps.idleMs ?? 1000);
    });

  const loop = (async () => {
    while (running) {
      let job;
      try {
        job = await deps.queue.claim(deps.leaseMs ?? 30_000);
      } catch (error) {
        deps.logger.error({ err: error }, 'job runner could not claim');
      }
      if (!job) {
        await idle();
        continue;
      }
      const run = async () => {
        const handler = deps.handlers[job.kind as JobKind] as
          ((payload: unknown, key: string) => Promise<void>) | undefined;
        try {
          if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
          await handler(job.payload, job.key);
          await deps.queue.complete(job.id);
        } catch (error) {
          deps.logger.warn({ err: error, job: job.key, attempt: job.attempts }, 'job failed');
          await deps.queue.fail(job, error instanceof Error ? error.message : String(error)).catch(() => {});
        }
      };
      busy = run();
      await busy;
    }
  })();

  return {
    /** Looks for due jobs now rather than after the idle wait. */
    wake: () => wake?.(),
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
