import type { Logger } from './logger.ts';
import type { ProcessingService } from './services/processing.service.ts';
import type { WaitingListService } from './services/waiting-list.service.ts';

/**
 * Processes the waiting list until stopped: claim, process, record; sleep when nothing waits.
 * Runs inside the server (`npm start`) or alone (`npm run worker`, any number, on PostgreSQL).
 */
export function startWorker(deps: {
  waitingList: WaitingListService;
  processing: ProcessingService;
  logger: Logger;
  /** How long a claim lasts: a worker that dies mid-way loses its entry to another after it. */
  leaseMs: number;
  idleMs?: number;
}) {
  let running = true;
  let wake: (() => void) | undefined;
  const idle = () => new Promise<void>((resolve) => {
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
    /** Starts the next round now rather than after the idle wait (new sources arrived). */
    poke: () => wake?.(),
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
