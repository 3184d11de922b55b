import { describe, expect, it } from 'vitest';
import { discountOf, type PricedLine } from './coupons.service.ts';

const lines: PricedLine[] = [
  { itemId: 'a', priceCents: 280, tags: ['anime'] },
  { itemId: 'b', priceCents: 499, tags: ['landscape'] },
  { itemId: 'c', priceCents: 199, tags: ['anime'] },
];
const everything = { itemIds: null, tags: null };

describe('discountOf', () => {
  it('takes a percentage of the lines, rounded to the cent, shared out so the shares add up to it', () => {
    const { discountCents, discounts } = discountOf({ kind: 'percent', value: 15, ...everything }, lines);
    expect(discountCents).toBe(147); // 15 % of 9.78
    expect([...discounts.values()].reduce((sum, cents) => sum + cents, 0)).toBe(147);
    expect(discounts.get('b')).toBeGreaterThan(discounts.get('a')!);
  });

  it('never takes more than the lines cost', () => {
    const { discountCents, discounts } = discountOf({ kind: 'amount', value: 5000, ...everything }, lines);
    expect(discountCents).toBe(978);
    expect(lines.every((line) => discounts.get(line.itemId)! <= line.priceCents)).toBe(true);
  });

  it('applies to the lines of its tags or items only', () => {
    expect(discountOf({ kind: 'amount', value: 100, itemIds: null, tags: ['anime'] }, lines)).toMatchObject({
      eligible: 2,
      discountCents: 100,
    });
    const one = discountOf({ kind: 'percent', value: 50, itemIds: ['b'], tags: null }, lines);
    expect([...one.discounts]).toEqual([['b', 250]]);
    expect(discountOf({ kind: 'percent', value: 50, itemIds: ['z'], tags: null }, lines).eligible).toBe(0);
  });
});
