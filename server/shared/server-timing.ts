import { AsyncLocalStorage } from 'node:async_hooks';

/** Milliseconds an answer spent in each phase of its making, by phase name (`keys`, `rows`, …). */
export type Timings = Map<string, number>;

const recording = new AsyncLocalStorage<Timings>();

const add = (timings: Timings, phase: string, ms: number) => timings.set(phase, (timings.get(phase) ?? 0) + ms);

/**
 * Runs `work`, recording how long the phases timed within it took (`timed`, wherever they are
 * awaited from) and the whole of it as `make`: what a slow answer waited for, without a profiler.
 */
export async function recordTimings<T>(work: () => Promise<T>): Promise<{ result: T; timings: Timings }> {
  const timings: Timings = new Map();
  const started = performance.now();
  const result = await recording.run(timings, work);
  add(timings, 'make', performance.now() - started);
  return { result, timings };
}

/** Runs `work` as a phase of the answer being recorded, if one is: its time adds to the phase's. */
export async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
  const timings = recording.getStore();
  if (!timings) return work();
  const started = performance.now();
  try {
    return await work();
  } finally {
    add(timings, phase, performance.now() - started);
  }
}

/** A `Server-Timing` header's value: each phase's milliseconds, to a hundredth, in the order first timed. */
export const serverTiming = (timings: Timings): string =>
  Array.from(timings, ([phase, ms]) => `${phase};dur=${ms.toFixed(2)}`).join(', ');
