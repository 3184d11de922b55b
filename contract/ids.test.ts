import { describe, expect, it } from 'vitest';
import { TIMESTAMP_ID_PATTERN, timestampId } from './ids.ts';

describe('timestampId', () => {
  it('formats the UTC date and time, then 8 random hex characters', () => {
    const id = timestampId(new Date(Date.UTC(2026, 2, 5, 7, 9, 59)));
    expect(id).toMatch(/^20260305_0709_[0-9a-f]{8}$/);
    expect(id).toMatch(TIMESTAMP_ID_PATTERN);
  });

  it('sorts later ids after earlier ones as text', () => {
    const earlier = timestampId(new Date(Date.UTC(2025, 11, 31, 23, 59)));
    const later = timestampId(new Date(Date.UTC(2026, 0, 1, 0, 0)));
    expect([later, earlier].sort()).toEqual([earlier, later]);
  });

  it('differs between two ids of the same minute', () => {
    const at = new Date();
    expect(timestampId(at)).not.toBe(timestampId(at));
  });
});
