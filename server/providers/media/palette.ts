import { NEAR_BLACK_L, PALETTE_SIZE, rgbToLab, toHex, type Lab } from '#contract/colour.ts';

/** The rounds of k-means that find a palette's colours. */
const ROUNDS = 12;

export interface Palette {
  /** The dominant colours as #rrggbb, the largest share first. */
  colours: string[];
  /** The share of near-black pixels, 0 to 1. */
  darkShare: number;
}

/**
 * The dominant colours of raw RGB pixels: k-means in CIELAB, started from pixels spread evenly
 * over the lightness range (so the same picture always gives the same palette), each colour the
 * mean of its cluster's pixels.
 */
export function paletteOf(rgb: Buffer): Palette {
  const count = Math.floor(rgb.length / 3);
  const labs: Lab[] = [];
  for (let i = 0; i < count; i++) labs.push(rgbToLab(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!));
  const byLightness = labs.map((_, i) => i).sort((p, q) => labs[p]!.l - labs[q]!.l);
  let centres = Array.from(
    { length: PALETTE_SIZE },
    (_, k) => labs[byLightness[Math.floor(((k + 0.5) / PALETTE_SIZE) * count)]!]!,
  );
  const cluster = new Int32Array(count);
  for (let round = 0; round < ROUNDS; round++) {
    const sums = centres.map(() => ({ l: 0, a: 0, b: 0, n: 0 }));
    labs.forEach((lab, i) => {
      let best = 0;
      let bestDistance = Infinity;
      centres.forEach((centre, k) => {
        const distance = (lab.l - centre.l) ** 2 + (lab.a - centre.a) ** 2 + (lab.b - centre.b) ** 2;
        if (distance < bestDistance) [best, bestDistance] = [k, distance];
      });
      cluster[i] = best;
      const sum = sums[best]!;
      sum.l += lab.l;
      sum.a += lab.a;
      sum.b += lab.b;
      sum.n++;
    });
    centres = sums.map((sum, k) => (sum.n ? { l: sum.l / sum.n, a: sum.a / sum.n, b: sum.b / sum.n } : centres[k]!));
  }
  const rgbSums = centres.map(() => ({ r: 0, g: 0, b: 0, n: 0 }));
  let dark = 0;
  for (let i = 0; i < count; i++) {
    const sum = rgbSums[cluster[i]!]!;
    sum.r += rgb[i * 3]!;
    sum.g += rgb[i * 3 + 1]!;
    sum.b += rgb[i * 3 + 2]!;
    sum.n++;
    if (labs[i]!.l < NEAR_BLACK_L) dark++;
  }
  const colours = rgbSums
    .filter((sum) => sum.n > 0)
    .sort((p, q) => q.n - p.n)
    .map((sum) => toHex(sum.r / sum.n, sum.g / sum.n, sum.b / sum.n));
  return { colours: [...new Set(colours)], darkShare: Math.round((dark / Math.max(1, count)) * 1000) / 1000 };
}
