import { describe, expect, it } from 'vitest';
import { TIMESTAMP_ID_PATTERN } from '#contract/ids.ts';
import { planDemoCatalogue } from './seed-demo-catalogue.ts';

describe('planDemoCatalogue', () => {
  const plans = planDemoCatalogue(new Date(Date.UTC(2026, 10, 22, 12, 0)));

  it('plans at least 36 wallpapers across the three themes', () => {
    expect(plans.length).toBeGreaterThanOrEqual(36);
    for (const theme of ['anime', 'landscape', 'minimalistic']) {
      expect(plans.filter((p) => p.tags[0] === theme).length).toBeGreaterThanOrEqual(10);
    }
  });

  it('mixes free and paid items, with the default price of 2.8 among them', () => {
    expect(plans.some((p) => p.freeDownload && p.priceCents === 0)).toBe(true);
    expect(plans.filter((p) => !p.freeDownload).every((p) => p.priceCents > 0)).toBe(true);
    expect(plans.some((p) => p.priceCents === 280)).toBe(true);
  });

  it('has at least 3 live items, in more than one theme', () => {
    const live = plans.filter((p) => p.live);
    expect(live.length).toBeGreaterThanOrEqual(3);
    expect(new Set(live.map((p) => p.spec.theme)).size).toBeGreaterThan(1);
  });

  it("gives ids in the original store's format that sort newest first", () => {
    const ids = plans.map((p) => p.itemId);
    ids.forEach((id) => expect(id).toMatch(TIMESTAMP_ID_PATTERN));
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('plans the same ids from the same start time, so a start cut short carries on with the same items', () => {
    const again = planDemoCatalogue(new Date(Date.UTC(2026, 10, 22, 12, 0)));
    expect(again.map((p) => p.itemId)).toEqual(plans.map((p) => p.itemId));
    const later = planDemoCatalogue(new Date(Date.UTC(2026, 10, 22, 12, 1)));
    expect(later[0]!.itemId).not.toBe(plans[0]!.itemId);
  });
});
