import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatUsd } from './money.ts';

describe('money', () => {
  it('formats dollars as US-English USD currency', () => {
    expect(formatUsd(2.8)).toBe('$2.80');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('converts to integer cents without floating-point drift', () => {
    expect(dollarsToCents(2.8)).toBe(280);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(centsToDollars(1999)).toBe(19.99);
  });
});
