import { jobHandlers } from '../jobs/job-handlers.ts';
import { startJobRunner } from '../jobs/job-runner.ts';
import type { Logger } from '../shared/logger.ts';
import type { Services } from './runtime.ts';
import type { WaitingListService } from '../services/items/waiting-list.service.ts';
import type { ProcessingService } from '../services/items/processing.service.ts';

/** How often the worker asks about pending captures, and sweeps. */
const PENDING_CHECK_INTERVAL_MS = 5 * 60_000;
const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * The embedded database's first upkeep (decision 088) waits until the store has opened, which
 * takes about a second: run as it started, the 1.5 s a store grown by publishing needed at
 * 100,000 items delayed its first answer from 0.9 to 2.3 s. Then it runs as often as the sweep.
 */
const UPKEEP_AFTER_START_MS = 5_000;

/**
 * Processes the waiting list until stopped: claim, process, record; sleep when nothing waits.
 */
function startProcessing(deps: {
  waitingList: WaitingListService;
  processing: ProcessingService;
  logger: Logger;
  leaseMs: number;
  idleMs?: number;
}) {
  let running = true;
  let wake: (() => void) | undefined;
  const idle = () =>
    new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, deps.idleMs ?? 2000);
    });

  const loop = (async () => {
    while (running) {
      let entry;
      try {
        entry = await deps.waitingList.claim(deps.leaseMs);
      } catch (error) {
        deps.logger.error({ err: error }, 'worker could not claim');
      }
      if (!entry) {
        await idle();
        continue;
      }
      try {
        await deps.processing.process(entry);
        deps.logger.info({ numberId: entry.numberId }, 'processed');
      } catch (error) {
        deps.logger.warn({ err: error, numberId: entry.numberId, attempt: entry.attempts }, 'processing failed');
        await deps.waitingList.fail(entry, error instanceof Error ? error.message : String(error)).catch(() => {});
      }
    }
  })();

  return {
    poke: () => wake?.(),
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}

/**
 * The worker: the processing pipeline, the outbox's jobs, the periodic recovery of captures a
 * crash cut off, the sweep, and the embedded database's upkeep. Runs inside the server
 * (`npm start`) or alone (`npm run worker`, any number, on PostgreSQL). `soleProcess` (the
 * embedded database) means no other process can hold a job or a capture, so at start it takes
 * back every one left under way.
 */
export async function startWorker(deps: {
  services: Services;
  logger: Logger;
  leaseMs: number;
  /** How long a capture or a job stays its claimer's; captures cut off are looked for as often. */
  claimTimeoutMs: number;
  soleProcess: boolean;
  /** The embedded database's stand-in for autovacuum (decision 088). */
  maintainDatabase?: (() => Promise<string[]>) | undefined;
  idleMs?: number;
}) {
  const { services, logger } = deps;
  if (deps.soleProcess) {
    const released = await services.jobs.releaseAbandoned();
    if (released) logger.info({ released }, 'jobs left running by the last process queued again');
  }
  const recover = (all: boolean) =>
    services.checkout
      .recoverCaptures({ all })
      .then((recovered) => recovered && logger.info({ recovered }, 'captures cut off by a stop finished'))
      .catch((error: unknown) => logger.error({ err: error }, 'capture recovery failed'));
  await recover(deps.soleProcess);
  const sweep = () =>
    services.sweeper
      .sweep()
      .then((swept) => logger.info(swept, 'swept what crashes and refused requests left behind'))
      .then(() => services.loginThrottle.forgetOld())
      .then(() => services.phoneLinks.forgetExpired())
      .catch((error: unknown) => logger.error({ err: error }, 'sweep failed'));
  const sweeping = sweep();
  let upkeeping: Promise<unknown> | undefined;
  const upkeep = () =>
    (upkeeping = deps
      .maintainDatabase?.()
      .then((tables) => tables.length && logger.info({ tables }, 'vacuumed and analysed the tables that were due'))
      .catch((error: unknown) => logger.error({ err: error }, 'the database upkeep failed')));

  const processing = startProcessing({
    waitingList: services.waitingList,
    processing: services.processing,
    logger,
    leaseMs: deps.leaseMs,
    idleMs: deps.idleMs,
  });
  const runner = startJobRunner({
    queue: services.jobs,
    handlers: jobHandlers(services),
    logger,
    idleMs: deps.idleMs,
    leaseMs: deps.claimTimeoutMs,
  });
  const unsubscribe = services.jobs.onEnqueued(runner.wake);
  const timers = [
    setInterval(() => void recover(false), deps.claimTimeoutMs),
    setInterval(
      () =>
        void services.checkout
          .refreshPendingCaptures()
          .catch((error: unknown) => logger.error({ err: error }, 'pending captures could not be checked')),
      PENDING_CHECK_INTERVAL_MS,
    ),
    setInterval(() => void sweep(), SWEEP_INTERVAL_MS),
    ...(deps.maintainDatabase
      ? [setTimeout(() => void upkeep(), UPKEEP_AFTER_START_MS), setInterval(() => void upkeep(), SWEEP_INTERVAL_MS)]
      : []),
  ];
  for (const timer of timers) timer.unref();

  return {
    /** New sources were queued: process them now rather than after the idle wait. */
    poke: processing.poke,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      unsubscribe();
      await Promise.all([processing.stop(), runner.stop(), sweeping, upkeeping]);
    },
  };
}
