/**
 * The figures the benches print of their timings, by nearest rank: each is one of the timings,
 * the smallest that at least p % of them do not exceed. Of twenty timings p95 is the second
 * slowest; the slowest is p100 (or `Math.max`).
 */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // p × n over 100 in that order: whole numbers stay whole (0.95 × 20 would not).
  return sorted[Math.max(0, Math.ceil((p * sorted.length) / 100) - 1)]!;
}

/** The middle timing; of an even count, the lower of the two. */
export const median = (values: number[]) => percentile(values, 50);

/** The phases of a `Server-Timing` header as the store sends it (`keys;dur=1.23, make;dur=4.56`), in ms. */
export const phasesOf = (header: string): Map<string, number> =>
  new Map(
    header
      .split(',')
      .map((metric) => /^\s*([\w-]+);dur=([\d.]+)\s*$/.exec(metric))
      .filter((match) => match !== null)
      .map(([, phase, ms]) => [phase!, Number(ms)]),
  );
