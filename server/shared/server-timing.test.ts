import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { recordTimings, serverTiming, timed } from './server-timing.ts';

/** Some work done in phases, as a page's making awaits the database in turn. */
const phases = async (ms: number) => {
  await timed('keys', () => sleep(ms));
  await Promise.resolve();
  await timed('rows', () => sleep(ms));
  await timed('rows', () => sleep(ms));
  return ms;
};

describe('server timing', () => {
  it('adds up each phase of the work recorded, wherever it is awaited from, and times the whole', async () => {
    const { result, timings } = await recordTimings(() => phases(15));
    expect(result).toBe(15);
    expect([...timings.keys()]).toEqual(['keys', 'rows', 'make']);
    // Timers may fire a millisecond early.
    expect(timings.get('keys')).toBeGreaterThanOrEqual(14);
    expect(timings.get('rows')).toBeGreaterThanOrEqual(28);
    expect(timings.get('make')).toBeGreaterThanOrEqual(timings.get('keys')! + timings.get('rows')!);
  });

  it('keeps the phases of answers made at the same time apart', async () => {
    const [slow, quick] = await Promise.all([recordTimings(() => phases(30)), recordTimings(() => phases(1))]);
    expect(slow.timings.get('rows')).toBeGreaterThanOrEqual(58);
    expect(quick.timings.get('rows')).toBeLessThan(58);
  });

  it('runs a phase outside any recording as it is, recording nothing', async () => {
    expect(await timed('keys', async () => 'done')).toBe('done');
    await expect(timed('keys', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
  });

  it('writes the phases as a Server-Timing header', () => {
    expect(
      serverTiming(
        new Map([
          ['keys', 1.234],
          ['make', 10],
        ]),
      ),
    ).toBe('keys;dur=1.23, make;dur=10.00');
  });
});
