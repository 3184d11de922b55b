import { COLOUR_MATCH_DISTANCE, deltaE, PALETTE_SIZE, type Lab } from '#contract/colour.ts';

/*
 * The cells of CIELAB that palette_cells files each palette colour under, worked out in the
 * process: which cells a colour's matches lie in, and what a sample of a list's newest palettes
 * says about reading them against walking the list.
 */

/** The side of a cell of CIELAB, and the range of a cell's index on each axis (palette_cell, migration 0035). */
const PALETTE_CELL = 12.5;
const CELL_INDEX = { min: -64, max: 63 };

/** How far a palette's colour may lie from a colour and still be a match, with a hair's margin for rounding. */
export const REACH = COLOUR_MATCH_DISTANCE + 0.01;

/** A coordinate's index on its axis of the cells; the cells at either end reach on without end. */
const cellIndexOf = (value: number) =>
  Math.min(CELL_INDEX.max, Math.max(CELL_INDEX.min, Math.floor(value / PALETTE_CELL)));

/** How many cells each axis holds. */
const CELL_SPAN = CELL_INDEX.max - CELL_INDEX.min + 1;

/** The cell a colour lies in, as palette_cell numbers it. */
export const cellOf = (colour: Lab): number =>
  [colour.l, colour.a, colour.b].reduce((cell, value) => cell * CELL_SPAN + cellIndexOf(value) - CELL_INDEX.min, 0);

/** The cells (as palette_cell numbers them) that hold every colour within REACH of `colour`. */
export function cellsAround(colour: Lab): number[] {
  // How far a value lies outside a cell on one axis; the cells at either end reach on without end.
  const gap = (value: number, index: number) =>
    Math.max(
      0,
      index > CELL_INDEX.min ? index * PALETTE_CELL - value : 0,
      index < CELL_INDEX.max ? value - (index + 1) * PALETTE_CELL : 0,
    );
  const [ls, as, bs] = [colour.l, colour.a, colour.b].map((value) =>
    Array.from({ length: cellIndexOf(value + REACH) - cellIndexOf(value - REACH) + 1 }, (_, i) => {
      const index = cellIndexOf(value - REACH) + i;
      return { number: index - CELL_INDEX.min, gap: gap(value, index) };
    }),
  );
  return ls!.flatMap((l) =>
    as!.flatMap((a) =>
      bs!
        .filter((b) => Math.hypot(l.gap, a.gap, b.gap) <= REACH)
        .map((b) => (l.number * CELL_SPAN + a.number) * CELL_SPAN + b.number),
    ),
  );
}

/** A palette's colours as `items.colours` holds them, as palette_colours reads them: the first PALETTE_SIZE whole ones. */
export function paletteColours(colours: (number | null)[] | null): Lab[] {
  const palette: Lab[] = [];
  for (let n = 0; n < PALETTE_SIZE && 3 * n + 2 < (colours?.length ?? 0); n++) {
    const l = colours![3 * n];
    const a = colours![3 * n + 1];
    const b = colours![3 * n + 2];
    if (l != null && a != null && b != null) palette.push({ l, a, b });
  }
  return palette;
}

/** The block of a cell, as `paletteBlock` numbers it. */
export const blockOf = (cell: number): number =>
  Math.floor(cell / 32768) * 4096 + (Math.floor(cell / 256) % 64) * 64 + Math.floor((cell % 128) / 2);

/**
 * What a colour read from the cells around a colour costs against a row walked newest first:
 * the cells are read from their key alone, each colour's distance worked out only when a few
 * numbers say it may be a match, where a walked row is the item's row with its palette's five
 * distances (on PostgreSQL at 300,000 items, twenty colours: 0.3–1.1 µs a colour in the cells,
 * with every match grouped, against 2–7 µs a walked row). Since only the newest matching
 * colours are grouped (decision 065) a tenth: the twenty colours' p95 at 300,000 items on
 * PostgreSQL 39–41 ms against 48 ms with a fifth, 65 against 78 ms at 100,000 on PGlite.
 */
const CELL_ROW_COST = 0.1;

/**
 * What a colour of the blocks around a colour costs against a row walked newest first, as
 * CELL_ROW_COST counts a colour of the cells: the merge of the blocks' twenty or more scans stops
 * at the newest matches, but reads colours of cubes wider than the cells and passes each through
 * the merge. Fitted at a million items on PostgreSQL, a theme and three tags in twenty colours
 * each (decision 072): where the blocks' colours were within four times the cells' estimate, the
 * merge was the faster for all but one colour (1.6 ms slower), and past that the slower for all but one.
 */
const BLOCK_ROW_COST = 0.25;

/**
 * A colour none of a list's sample matches reads the cells of the list's newest tenth first only
 * where the cells around it hold this many colours or more, as the sample reckons: fewer are read
 * all at once sooner than a tenth of them and then, as the tenth mostly falls short, all of them
 * again. At a million items on PostgreSQL, nine of sixty colours of the home list reckoned at
 * 5,000–45,000 found their candidates in 15 ms on average read at once, against 24 ms the tenth
 * first; two reckoned at 65,000 and 75,000 took 33–40 ms read at once, against 10–31 ms the
 * tenth first (decision 094).
 */
const TENTH_FIRST_FROM = 50_000;

/**
 * How a list's newest palettes (`palettes`, a sample of one in COLOUR_PROBE_SHARE of its
 * `walked` newest) say a colour that is not a swatch is read, counted in the process: worked
 * out row by row in SQL, it cost ten times the sample's read (7 against 0.6 ms for 200 rows at a
 * million items on PostgreSQL).
 * - `walk`: how many of the list's newest rows are walked for its `candidates` matches, or
 *   undefined when the cells around it are the cheaper: walked until the sample's share of
 *   matches makes the candidates, against every colour of the cells around it (of the list's
 *   themes' `themeShare` of them) among the catalogue's `items`. A walk is of twice the rows it
 *   looks to need, `walked` at least, as a sample may make a colour look commoner than it is.
 * - `blocks`: whether the blocks around the colour, of the list's themes merged newest first,
 *   cost less than the cells when it is not walked: their colours among the list's newest until
 *   the sample's share makes the candidates, each list item standing for `spread` of its themes'
 *   items (1 for a theme's list; none given when the blocks are not the list's to read).
 * - `share`: how many of the sample match; `matches`: how many of the catalogue's items that share makes.
 * - `reach`: how many of the list's newest hold its `candidates` matches, twice what the share
 *   makes, for a read of their cells alone (decision 078); where none of the sample matches but
 *   the cells around the colour hold TENTH_FIRST_FROM of its colours or more, a tenth of the list
 *   (of the catalogue, or of its themes' share of it); otherwise none, and every cell around it
 *   is read at once (decision 094).
 */
export function weighColourWalk(sample: {
  near: Lab;
  palettes: Lab[][];
  items: number;
  themeShare: number;
  spread?: number | undefined;
  candidates: number;
  walked: number;
}): { walk: number | undefined; blocks: boolean; share: number; matches: number; reach: number | undefined } {
  const { near, palettes, candidates } = sample;
  const sampled = palettes.length;
  if (sampled === 0) return { walk: undefined, blocks: false, share: 0, matches: 0, reach: undefined };
  const found = palettes.filter((palette) => palette.some((colour) => deltaE(colour, near) <= REACH)).length;
  const around = cellsAround(near);
  const inCells = coloursIn(palettes, new Set(around), cellOf);
  const inBlocks = coloursIn(palettes, new Set(around.map(blockOf)), (colour) => blockOf(cellOf(colour)));
  const toWalk = found === 0 ? Infinity : (candidates * sampled) / found;
  const coloursAround = (inCells / sampled) * sample.items * sample.themeShare;
  const toRead = coloursAround * CELL_ROW_COST;
  const walk = toWalk <= toRead ? Math.max(sample.walked, Math.ceil(2 * toWalk)) : undefined;
  // None found: the merge would read the blocks to their end.
  const merged =
    found > 0 &&
    sample.spread !== undefined &&
    (toWalk * sample.spread * inBlocks * BLOCK_ROW_COST) / sampled <= toRead;
  return {
    walk,
    blocks: walk === undefined && merged,
    share: found / sampled,
    matches: (found / sampled) * sample.items,
    reach:
      found > 0
        ? Math.ceil(2 * toWalk)
        : coloursAround >= TENTH_FIRST_FROM
          ? (sample.items * sample.themeShare) / 10
          : undefined,
  };
}

/** How many of the palettes' colours lie in these cells or blocks (`placeOf` says where a colour lies). */
const coloursIn = (palettes: Lab[][], places: Set<number>, placeOf: (colour: Lab) => number) =>
  palettes.reduce((sum, palette) => sum + palette.filter((colour) => places.has(placeOf(colour))).length, 0);
