import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { NewJob } from '../../shared/job-kinds.ts';
import type { Database } from '../client.ts';
import { jobs, type JobStatus } from '../schema.ts';
import { rowsOf } from './raw-rows.ts';

export type JobRow = typeof jobs.$inferSelect;

/** The outbox's rows. */
export class JobsRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** A job, unless one with its key exists (queued, running, done or failed). */
  async insert(job: NewJob, executor: Database = this.db): Promise<void> {
    await executor.insert(jobs).values(job).onConflictDoNothing({ target: jobs.key });
  }

  /** The emails about an order (its order emails, sent again or not, and its refund emails), oldest first. */
  async emailsOfOrder(orderId: string): Promise<JobRow[]> {
    return this.db
      .select()
      .from(jobs)
      .where(
        or(sql`${jobs.key} like ${`order-email:${orderId}%`}`, sql`${jobs.key} like ${`refund-email:${orderId}%`}`),
      )
      .orderBy(jobs.createdAt);
  }

  /** A job, or the same purpose queued again when it had failed for good. */
  async insertOrRequeueFailed(job: NewJob): Promise<void> {
    await this.db
      .insert(jobs)
      .values(job)
      .onConflictDoUpdate({
        target: jobs.key,
        set: { status: 'queued', attempts: 0, runAt: new Date(), lastError: null },
        setWhere: eq(jobs.status, 'failed'),
      });
  }

  /** Claims the job due longest, or one whose worker's lease ran out, for `leaseMs`. */
  async claim(leaseMs: number): Promise<JobRow | undefined> {
    const result = await this.db.execute(sql`
      update ${jobs}
      set status = 'running', attempts = attempts + 1, lease_until = now() + ${`${leaseMs} milliseconds`}::interval
      where id = (
        select id from ${jobs}
        where (status = 'queued' and run_at <= now()) or (status = 'running' and lease_until < now())
        order by run_at
        limit 1
        for update skip locked
      )
      returning id`);
    const id = rowsOf<{ id: string }>(result)[0]?.id;
    if (!id) return undefined;
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row;
  }

  async markDone(id: string): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'done', doneAt: new Date(), leaseUntil: null, lastError: null })
      .where(eq(jobs.id, id));
  }

  async markAttemptFailed(id: string, status: JobStatus, runAt: Date, error: string): Promise<void> {
    await this.db.update(jobs).set({ status, runAt, leaseUntil: null, lastError: error }).where(eq(jobs.id, id));
  }

  async countByStatus(): Promise<{ status: JobStatus; n: number }[]> {
    const rows = await this.db
      .select({ status: jobs.status, n: sql<number>`count(*)` })
      .from(jobs)
      .groupBy(jobs.status);
    return rows.map((row) => ({ status: row.status, n: Number(row.n) }));
  }

  async failed(limit: number): Promise<JobRow[]> {
    return this.db.select().from(jobs).where(eq(jobs.status, 'failed')).orderBy(desc(jobs.runAt)).limit(limit);
  }

  /** Queues a failed job again at once; false when there is no such failed job. */
  async requeueFailed(id: string): Promise<boolean> {
    const retried = await this.db
      .update(jobs)
      .set({ status: 'queued', attempts: 0, runAt: new Date(), lastError: null })
      .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
      .returning({ id: jobs.id });
    return retried.length > 0;
  }

  /** Every running job queued again; returns how many. */
  async requeueRunning(): Promise<number> {
    const released = await this.db
      .update(jobs)
      .set({ status: 'queued', leaseUntil: null })
      .where(eq(jobs.status, 'running'))
      .returning({ id: jobs.id });
    return released.length;
  }

  /** Jobs due within a second or under way. */
  async countPending(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)` })
      .from(jobs)
      .where(
        or(
          and(eq(jobs.status, 'queued'), lt(jobs.runAt, sql`now() + interval '1 second'`)),
          eq(jobs.status, 'running'),
        ),
      );
    return Number(row?.n ?? 0);
  }

  /** For the metrics: jobs due or running, how long the oldest due one has waited, and those that gave up. */
  async backlog(): Promise<{ pending: number; oldestSeconds: number; failed: number }> {
    const [row] = await this.db
      .select({
        pending: sql<number>`count(*) filter (where (${jobs.status} = 'queued' and ${jobs.runAt} <= now()) or ${jobs.status} = 'running')`,
        oldest: sql<number>`coalesce(extract(epoch from now() - min(${jobs.runAt}) filter (where ${jobs.status} = 'queued' and ${jobs.runAt} <= now())), 0)`,
        failed: sql<number>`count(*) filter (where ${jobs.status} = 'failed')`,
      })
      .from(jobs)
      .where(sql`${jobs.status} in ('queued', 'running', 'failed')`);
    return {
      pending: Number(row?.pending ?? 0),
      oldestSeconds: Number(row?.oldest ?? 0),
      failed: Number(row?.failed ?? 0),
    };
  }
}
