import { describe, expect, it } from 'vitest';
import { median, percentile, phasesOf } from './bench-stats.ts';

const oneToTwenty = Array.from({ length: 20 }, (_, n) => 20 - n);

describe('percentile', () => {
  it('is of twenty timings the second slowest at p95 and the slowest at p100', () => {
    expect(percentile(oneToTwenty, 95)).toBe(19);
    expect(percentile(oneToTwenty, 100)).toBe(20);
  });

  it('takes the timing at or above the rank, never one between', () => {
    const hundred = Array.from({ length: 100 }, (_, n) => n + 1);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile([3, 1, 2], 95)).toBe(3);
    expect(percentile([3, 1, 2], 0)).toBe(1);
  });

  it('leaves the timings it was given in their order', () => {
    const timings = [5, 1, 3];
    percentile(timings, 50);
    expect(timings).toEqual([5, 1, 3]);
  });

  it('has no figure for no timings', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('median', () => {
  it('is the middle timing, the lower of two middles', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2);
  });
});

describe('phasesOf', () => {
  it('reads each phase of a Server-Timing header in ms, and none of an answer that sent none', () => {
    expect(phasesOf('index;dur=2.50, rows;dur=3.01, make;dur=7.00, br;dur=1.9')).toEqual(
      new Map([
        ['index', 2.5],
        ['rows', 3.01],
        ['make', 7],
        ['br', 1.9],
      ]),
    );
    expect(phasesOf('').size).toBe(0);
    expect(phasesOf('cache;desc=hit').size).toBe(0);
  });
});
