import type { Executor } from '../../db/repositories/transactions.ts';
import type { JobRow, JobsRepository } from '../../db/repositories/jobs.repository.ts';
import type { JobStatus } from '../../db/schema.ts';
import type { NewJob } from '../../shared/job-kinds.ts';

export type { JobRow };

/** After this many failed attempts a job stays failed until an administrator retries it. */
export const MAX_JOB_ATTEMPTS = 10;
/** The first retry waits this long; each later one twice as long, up to an hour. */
const FIRST_RETRY_MS = 15_000;
const LONGEST_RETRY_MS = 60 * 60 * 1000;

/**
 * The outbox (decision 016). A job is written with the transaction of the state it follows,
 * so it exists exactly when that state does; workers claim due jobs with FOR UPDATE SKIP
 * LOCKED and a lease, retry failures with a growing delay, and mark a job done only after its
 * handler succeeded.
 */
export class JobQueue {
  private readonly jobs: JobsRepository;
  private readonly listeners = new Set<() => void>();

  constructor(jobs: JobsRepository) {
    this.jobs = jobs;
  }

  /** Told when this process queues a job, so its runner can look at once; returns the unsubscribe. */
  onEnqueued(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Queues a job, with the caller's transaction when given (`tx`). A purpose already queued,
   * running or done is left as it is: its key is unique.
   */
  async enqueue(job: NewJob, tx?: Executor): Promise<void> {
    await this.jobs.insert(job, tx);
    this.announce();
  }

  /** Queues a job, or queues again one that failed for good; one done or under way stays as it is. */
  async ensure(job: NewJob): Promise<void> {
    await this.jobs.insertOrRequeueFailed(job);
    this.announce();
  }

  claim(leaseMs: number): Promise<JobRow | undefined> {
    return this.jobs.claim(leaseMs);
  }

  complete(id: string): Promise<void> {
    return this.jobs.markDone(id);
  }

  /** A failed attempt: tried again later, with a delay that doubles each time, until MAX_JOB_ATTEMPTS. */
  async fail(job: JobRow, error: string): Promise<void> {
    const delay = Math.min(FIRST_RETRY_MS * 2 ** (job.attempts - 1), LONGEST_RETRY_MS);
    const status: JobStatus = job.attempts >= MAX_JOB_ATTEMPTS ? 'failed' : 'queued';
    await this.jobs.markAttemptFailed(job.id, status, new Date(Date.now() + delay), error.slice(0, 1000));
  }

  /** How many jobs are in each state. */
  /** The emails about an order, as the outbox holds them. */
  emailsOfOrder(orderId: string): Promise<JobRow[]> {
    return this.jobs.emailsOfOrder(orderId);
  }

  async summary(): Promise<Record<JobStatus, number>> {
    const counts: Record<JobStatus, number> = { queued: 0, running: 0, failed: 0, done: 0 };
    for (const row of await this.jobs.countByStatus()) counts[row.status] = row.n;
    return counts;
  }

  /** Jobs that gave up, newest first, for administrators. */
  failed(limit = 100): Promise<JobRow[]> {
    return this.jobs.failed(limit);
  }

  /** Queues a failed job again at once; false when there is no such failed job. */
  async retry(id: string): Promise<boolean> {
    const retried = await this.jobs.requeueFailed(id);
    if (retried) this.announce();
    return retried;
  }

  /**
   * Jobs left running by a process that is gone. With the embedded database no other process
   * can be running them, so the server takes them back at start instead of waiting for leases.
   */
  releaseAbandoned(): Promise<number> {
    return this.jobs.requeueRunning();
  }

  /** How many jobs are due now or under way (tests and the crash suite wait for none). */
  pending(): Promise<number> {
    return this.jobs.countPending();
  }

  private announce(): void {
    // The job is visible once the caller's transaction commits; the runner also polls.
    setImmediate(() => {
      for (const listener of this.listeners) listener();
    });
  }
}
