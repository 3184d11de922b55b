import { describe, expect, it } from 'vitest';
import { paletteOf } from './palette.ts';

/** Raw RGB pixels: `count` of each colour. */
const pixels = (...runs: [[number, number, number], number][]) =>
  Buffer.from(runs.flatMap(([colour, count]) => Array.from({ length: count }, () => colour).flat()));

describe('a palette', () => {
  it('lists the dominant colours, the largest share first, with the share of near-black', () => {
    const palette = paletteOf(pixels([[0, 0, 0], 600], [[230, 20, 30], 300], [[20, 40, 220], 100]));
    expect(palette.colours.slice(0, 3)).toEqual(['#000000', '#e6141e', '#1428dc']);
    expect(palette.darkShare).toBe(0.6);
  });

  it('is the same for the same picture, and finds no darkness in a bright one', () => {
    const bright = pixels([[250, 240, 200], 500], [[120, 200, 160], 500]);
    expect(paletteOf(bright)).toEqual(paletteOf(bright));
    expect(paletteOf(bright).darkShare).toBe(0);
    expect(paletteOf(bright).colours).toContain('#faf0c8');
  });
});
