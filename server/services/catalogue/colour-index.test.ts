import { describe, expect, it } from 'vitest';
import { COLOUR_MATCH_DISTANCE, type Lab } from '#contract/colour.ts';
import { timestampId } from '#contract/ids.ts';
import { cellOf } from '../../db/repositories/colour-cells.ts';
import type { IndexedItem } from '../../db/repositories/palette-cells.repository.ts';
import { ColourIndex, roundedDistance, type ColourListFilter } from './colour-index.ts';

/** A seeded random number generator, so a failure can be run again. */
function randomOf(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const THEME_NAMES = ['anime', 'landscape', 'minimalistic'];
const OTHER_TAGS = ['fog', 'sea', 'city', 'night', 'dawn', 'dusk', 'rain', 'snow', 'stars', 'sun'];

/** Each filter a colour's list may have. */
const FILTERS: ColourListFilter[] = [
  {},
  { tag: 'landscape' },
  { tag: 'anime' },
  { tag: 'sun' },
  { photoType: 'live' },
  { dark: true },
  { tag: 'minimalistic', photoType: 'static', dark: true },
  { tag: 'fog', photoType: 'live' },
  { tag: 'nowhere' },
];

function catalogue(count: number, random: () => number, from = Date.parse('2024-01-01T00:00:00Z')): IndexedItem[] {
  return Array.from({ length: count }, (_, n) => {
    const themes = THEME_NAMES.filter(() => random() < 0.4);
    const theme = themes.length === 1 ? themes[0]! : '';
    // Some with more tags than are kept in place.
    const tags = [...themes, ...OTHER_TAGS.filter(() => random() < 0.3)];
    const colours = Array.from({ length: 1 + Math.floor(random() * 5) }, () => ({
      theme,
      l: Math.fround(random() * 100),
      a: Math.fround(random() * 160 - 80),
      b: Math.fround(random() * 160 - 80),
    }));
    return {
      itemId: timestampId(new Date(from + n * 60_000)),
      tags,
      live: random() < 0.3,
      dark: random() < 0.3,
      colours,
    };
  });
}

/** What the database's reads answer, worked out item by item. */
function expected(items: IndexedItem[], near: Lab, filter: ColourListFilter, candidates: number) {
  const matches = items
    .filter(
      (item) =>
        (filter.tag === undefined || item.tags.includes(filter.tag)) &&
        (filter.photoType === undefined || item.live === (filter.photoType === 'live')) &&
        (!filter.dark || item.dark),
    )
    .map((item) => {
      const distances = item.colours.map((c) =>
        roundedDistance(Math.sqrt((c.l - near.l) ** 2 + (c.a - near.a) ** 2 + (c.b - near.b) ** 2)),
      );
      return { itemId: item.itemId, distance: Math.min(...distances.filter((d) => d <= COLOUR_MATCH_DISTANCE)) };
    })
    .filter(({ distance }) => Number.isFinite(distance))
    .sort((x, y) => (x.itemId < y.itemId ? 1 : -1))
    .slice(0, candidates);
  return matches.sort((x, y) => x.distance - y.distance || (x.itemId < y.itemId ? 1 : -1));
}

/** The items loaded as the keeper loads them. */
function loaded(items: IndexedItem[]): ColourIndex {
  const index = new ColourIndex();
  const sorted = [...items].sort((x, y) => (x.itemId < y.itemId ? -1 : 1));
  index.addItems(sorted);
  const colours = sorted.flatMap(({ itemId, colours }) => colours.map((colour) => ({ itemId, ...colour })));
  const dark = new Set(sorted.filter((item) => item.dark).map(({ itemId }) => itemId));
  const sizes = Map.groupBy(colours, (colour) => `${cellOf(colour)}:${colour.theme}:${dark.has(colour.itemId)}`);
  index.reserve(
    [...sizes.values()].map((list) => ({
      cell: cellOf(list[0]!),
      theme: list[0]!.theme,
      dark: dark.has(list[0]!.itemId),
      colours: list.length,
    })),
  );
  index.addColours(colours);
  index.settle();
  return index;
}

describe('the colour index', () => {
  const random = randomOf(7);
  const items = catalogue(3000, random);
  const colours: Lab[] = Array.from({ length: 12 }, () => ({
    l: random() * 100,
    a: random() * 120 - 60,
    b: random() * 120 - 60,
  }));

  it("finds a colour's newest matches and ranks them as the database does, whole and filtered", () => {
    const index = loaded(items);
    for (const near of colours)
      for (const filter of FILTERS) {
        const want = expected(items, near, filter, 50);
        const got = index.page({ near, filter, candidates: 50, limit: 100 });
        expect(got.total, JSON.stringify(filter)).toBe(want.length);
        expect(got.items).toEqual(want);
      }
  });

  it('pages by offset and after the last item shown', () => {
    const index = loaded(items);
    const near = colours[0]!;
    const whole = index.page({ near, candidates: 200, limit: 200 }).items;
    expect(whole.length).toBeGreaterThan(40);
    expect(index.page({ near, candidates: 200, limit: 10, offset: 20 }).items).toEqual(whole.slice(20, 30));
    const last = whole[19]!;
    expect(index.page({ near, candidates: 200, limit: 10, after: [last.distance, last.itemId] }).items).toEqual(
      whole.slice(20, 30),
    );
  });

  it('keeps up with items published, changed and taken down, older and newer than those it holds', () => {
    const index = loaded(items.slice(0, 2000));
    const later = catalogue(20, random, Date.parse('2025-01-01T00:00:00Z'));
    // Older than every item held, and between two of them.
    const earlier = catalogue(5, random, Date.parse('2023-01-01T00:00:00Z'));
    const between = catalogue(10, random, Date.parse('2024-01-01T00:00:30Z'));
    // Repainted, and OLED dark where it was not or the other way round: its colours move lists.
    const changed = catalogue(1, random).map((item) => ({ ...item, itemId: items[5]!.itemId, dark: !items[5]!.dark }));
    const published = [...later, ...earlier, ...between, ...changed];
    const takenDown = items.slice(100, 110).map((item) => item.itemId);
    index.replace([...published.map((item) => item.itemId), ...takenDown], published);
    const now = [
      ...items.slice(0, 2000).filter((item) => !takenDown.includes(item.itemId) && item.itemId !== items[5]!.itemId),
      ...published,
    ];
    // With fewer candidates than matches, which are the newest depends on each item's place.
    for (const near of colours)
      for (const filter of FILTERS)
        for (const candidates of [20, 3000])
          expect(index.page({ near, filter, candidates, limit: 3000 }).items).toEqual(
            expected(now, near, filter, candidates),
          );
  });

  it('rounds a distance as PostgreSQL rounds the float to numeric, half away from zero', () => {
    expect(roundedDistance(1.005)).toBe(1.01);
    expect(roundedDistance(24.994999)).toBe(24.99);
    expect(roundedDistance(25.005)).toBe(25.01);
    expect(roundedDistance(0.00001)).toBe(0);
  });
});
