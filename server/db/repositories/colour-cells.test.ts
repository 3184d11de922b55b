import { describe, expect, it } from 'vitest';
import { COLOUR_MATCH_DISTANCE, type Lab } from '#contract/colour.ts';
import { cellOf, cellsAround, paletteColours, weighColourWalk } from './colour-cells.ts';

const target: Lab = { l: 50, a: 20, b: -30 };
/** A colour `distance` from the target along the a axis. */
const away = (distance: number): Lab => ({ ...target, a: target.a + distance });
/** A palette of five colours, the first `first`, the rest far from the target. */
const palette = (first: Lab): Lab[] => [first, ...Array.from({ length: 4 }, (_, i) => ({ l: 95, a: -80 + i, b: 90 }))];
const page = { candidates: 1000, walked: 10_000, themeShare: 1 };

describe('the cells of CIELAB', () => {
  it('hold every colour within reach of a colour in the cells around it, and not those far off', () => {
    const around = new Set(cellsAround(target));
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 2000; i++) {
      // Points within reach in every direction, out to its edge.
      const [u, v, w] = [random() * 2 - 1, random() * 2 - 1, random() * 2 - 1];
      const length = Math.hypot(u, v, w) || 1;
      const distance = COLOUR_MATCH_DISTANCE * Math.cbrt(random());
      const colour = {
        l: target.l + (u / length) * distance,
        a: target.a + (v / length) * distance,
        b: target.b + (w / length) * distance,
      };
      expect(around.has(cellOf(colour))).toBe(true);
    }
    expect(around.has(cellOf(away(60)))).toBe(false);
    expect(around.has(cellOf(away(-60)))).toBe(false);
  });

  it('read a palette as palette_colours does: its first five whole colours', () => {
    expect(paletteColours(null)).toEqual([]);
    expect(paletteColours([1, 2, 3, 4, 5])).toEqual([{ l: 1, a: 2, b: 3 }]);
    expect(paletteColours([1, 2, 3, null, 5, 6, 7, 8, 9])).toEqual([
      { l: 1, a: 2, b: 3 },
      { l: 7, a: 8, b: 9 },
    ]);
    expect(paletteColours(Array.from({ length: 18 }, (_, i) => i))).toHaveLength(5);
  });
});

describe('weighing a walk against the cells', () => {
  const sample = (matching: number, size = 200) =>
    Array.from({ length: size }, (_, i) => palette(i < matching ? away(10) : away(100)));

  it('walks a colour common among the newest, as far as `walked` at least', () => {
    const weighed = weighColourWalk({ near: target, palettes: sample(200), items: 1_000_000, ...page });
    expect(weighed).toEqual({ walk: 10_000, blocks: false, share: 1, matches: 1_000_000, reach: 2_000 });
  });

  it('walks twice as far as the sample says its candidates take', () => {
    // One in ten near: 10,000 rows make a thousand matches, where the cells hold 200,000 colours.
    const weighed = weighColourWalk({ near: target, palettes: sample(20), items: 2_000_000, ...page });
    expect(weighed).toEqual({ walk: 20_000, blocks: false, share: 0.1, matches: 200_000, reach: 20_000 });
  });

  it('reads the cells when they hold fewer colours than the walk would read rows', () => {
    // One in a hundred near: the walk, 100,000 rows; the cells, 10,000 colours at a tenth each.
    expect(weighColourWalk({ near: target, palettes: sample(2), items: 1_000_000, ...page }).walk).toBeUndefined();
    // The same sample walks a list whose themes hold far more of the cells' colours.
    expect(weighColourWalk({ near: target, palettes: sample(2), items: 100_000_000, ...page }).walk).toBe(200_000);
    // Only a theme's share of the cells is read: a tenth of them, and the cells are the cheaper again.
    expect(
      weighColourWalk({ near: target, palettes: sample(2), items: 100_000_000, ...page, themeShare: 0.1 }).walk,
    ).toBeUndefined();
  });

  it("merges a theme's or a tag's blocks where they hold the colour's newest matches near enough", () => {
    // One in 25 near: a walk of 25,000 rows, the cells 4,000 colours at a tenth each, the blocks
    // the near colours of 25,000 items' at a quarter each: 250.
    const theme = { near: target, palettes: sample(8), items: 1_000_000, ...page };
    expect(weighColourWalk({ ...theme, spread: 1 })).toMatchObject({ walk: undefined, blocks: true, share: 0.04 });
    // A tag in themes twenty times its size reads twenty of their items for each of its own: 5,000.
    expect(weighColourWalk({ ...theme, spread: 20 }).blocks).toBe(false);
    // Not a theme's or a tag's list (no spread given): never its blocks.
    expect(weighColourWalk(theme).blocks).toBe(false);
    // None near in the sample: the blocks would be read to their end.
    expect(weighColourWalk({ ...theme, palettes: sample(0), spread: 1 }).blocks).toBe(false);
    // Walked, where the walk is the cheaper.
    expect(weighColourWalk({ ...theme, palettes: sample(200), spread: 1 })).toMatchObject({
      walk: 10_000,
      blocks: false,
    });
  });

  it('reads the cells for a colour none of the sample holds, or with no sample', () => {
    expect(weighColourWalk({ near: target, palettes: sample(0), items: 1_000_000, ...page })).toEqual({
      walk: undefined,
      blocks: false,
      share: 0,
      matches: 0,
      reach: undefined,
    });
    expect(weighColourWalk({ near: target, palettes: [], items: 0, ...page })).toEqual({
      walk: undefined,
      blocks: false,
      share: 0,
      matches: 0,
      reach: undefined,
    });
  });

  it("says how many of the newest hold the colour's newest matches: twice as many as the sample's share makes", () => {
    // One in a hundred near: 100,000 make a thousand matches.
    expect(weighColourWalk({ near: target, palettes: sample(2), items: 1_000_000, ...page }).reach).toBe(200_000);
  });

  it('counts a colour just out of reach as no match, and reads the newest tenth first when its cells hold many such colours', () => {
    const outside = (n: number) => [
      ...Array.from({ length: n }, () => palette(away(COLOUR_MATCH_DISTANCE + 0.5))),
      ...sample(0).slice(n),
    ];
    // Every palette holds one: the cells around it hold a million colours, a tenth of them read first.
    expect(weighColourWalk({ near: target, palettes: outside(200), items: 1_000_000, ...page })).toMatchObject({
      share: 0,
      reach: 100_000,
    });
    // One in twenty: 50,000 colours, still a tenth first.
    expect(weighColourWalk({ near: target, palettes: outside(10), items: 1_000_000, ...page }).reach).toBe(100_000);
    // One in forty: 25,000 colours, read at once.
    expect(weighColourWalk({ near: target, palettes: outside(5), items: 1_000_000, ...page }).reach).toBeUndefined();
    // A theme holding a tenth of the cells' colours: 100,000 of them, then 5,000.
    expect(
      weighColourWalk({ near: target, palettes: outside(200), items: 1_000_000, ...page, themeShare: 0.1 }).reach,
    ).toBe(10_000);
    expect(
      weighColourWalk({ near: target, palettes: outside(10), items: 1_000_000, ...page, themeShare: 0.1 }).reach,
    ).toBeUndefined();
  });
});
