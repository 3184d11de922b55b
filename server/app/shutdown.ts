import type { Logger } from '../shared/logger.ts';

/**
 * Stops a process on SIGTERM or SIGINT, step by step (stop taking requests and finish those in
 * flight, finish the current job, close the database), then exits 0; past `boundMs` it gives up
 * waiting and exits 1, so a deploy never hangs on one slow client.
 */
export function stopOnSignals(logger: Logger, boundMs: number, steps: (() => Promise<unknown>)[]): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    logger.info(`${signal}: finishing what is under way (at most ${boundMs / 1000} s)`);
    setTimeout(() => {
      logger.error(`still stopping after ${boundMs / 1000} s: exiting without waiting any longer`);
      process.exit(1);
    }, boundMs).unref();
    try {
      for (const step of steps) await step();
    } catch (error) {
      logger.error({ err: error }, 'stopping failed');
      process.exit(1);
    }
    logger.info(`stopped cleanly in ${Date.now() - started} ms`);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
