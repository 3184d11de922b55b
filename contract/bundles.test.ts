import { describe, expect, it } from 'vitest';
import { bundleShares } from './bundles.ts';

describe("a bundle's price shared among its items", () => {
  it('goes in proportion to their own prices', () => {
    expect(bundleShares(600, [200, 300, 500])).toEqual([120, 180, 300]);
  });

  it('adds up to the price exactly, the cents left by rounding going to the largest remainders', () => {
    const shares = bundleShares(1000, [300, 300, 300]);
    expect(shares).toEqual([334, 333, 333]);
    for (const [price, items] of [
      [999, [199, 299, 399, 101]],
      [1, [500, 500]],
      [4999, [1, 2, 3, 99_999]],
    ] as const) {
      expect(bundleShares(price, items).reduce((sum, cents) => sum + cents, 0)).toBe(price);
    }
    expect(bundleShares(1001, [100, 300])).toEqual([250, 751]);
  });
});
