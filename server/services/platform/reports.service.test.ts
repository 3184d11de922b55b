import { describe, expect, it } from 'vitest';
import { lastClosedDay } from './reports.service.ts';

describe('the last closed day', () => {
  it('is yesterday (UTC) once ten minutes of today have passed, the day before until then', () => {
    expect(lastClosedDay(Date.parse('2026-11-27T00:05:00Z'))).toBe('2026-11-25');
    expect(lastClosedDay(Date.parse('2026-11-27T00:10:01Z'))).toBe('2026-11-26');
    expect(lastClosedDay(Date.parse('2026-11-27T23:59:59Z'))).toBe('2026-11-26');
  });
});
