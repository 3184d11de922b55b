import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { unionAll, type SubqueryWithSelection } from 'drizzle-orm/pg-core';
import {
  COLOUR_MATCH_DISTANCE,
  labOfHex,
  OLED_DARK_SHARE,
  PALETTE_SIZE,
  SWATCHES,
  type Lab,
} from '#contract/colour.ts';
import { PHOTO_TYPES, THEMES, type PhotoType } from '#contract/constants.ts';
import type { ItemSort } from '#contract/item.ts';
import type { DownloadSource } from '#contract/reports.ts';
import type { Database } from '../client.ts';
import {
  DARK_SHADE,
  hasShade,
  itemColumns,
  itemDownloadsDaily,
  itemKeyColumns,
  items,
  listedKeyColumns,
  type ItemMedia,
  nearColour,
  orderLines,
  paletteBlock,
  paletteCells,
  paletteDistance,
  orders,
  searchPostings,
  searchWords,
  swatchPostings,
  swatchShade,
  tagPostings,
  tagThemes,
  type ItemKey,
  type ItemRow,
  type NewItemRow,
} from '../schema.ts';
import { blockOf, cellsAround, paletteColours, REACH, weighColourWalk } from './colour-cells.ts';
import { rowsOf } from './raw-rows.ts';

/**
 * Which published items a list shows: all, one tag, one photo type, or a tag of one photo type;
 * of those, the ones with a palette colour near `near` and the ones kind to an OLED screen.
 */
export interface CatalogueFilter {
  tag?: string | undefined;
  photoType?: PhotoType | undefined;
  near?: Lab | undefined;
  dark?: boolean | undefined;
}

/** How a list is ordered: one of the catalogue's sorts, or nearest first to the filter's colour. */
export type ListOrder = ItemSort | 'colour';

/**
 * What a list near a colour that is not a swatch reads before its page (`colourWalk`): the
 * palettes of a sample of its newest items, the planner's statistics, and for a tag the themes
 * its items are filed under. None of it depends on the colour.
 */
interface ListSample {
  palettes: Lab[][];
  /** The planner's count of the items (0 before the table is first analysed). */
  items: number;
  /** The planner's histogram of item ids, when asked for (decision 078). */
  idBounds: string[] | null;
  /** A tag's items by the theme each is filed under. */
  filedUnder: Record<string, number>;
  /** Each theme's share of the cells' colours, when asked for. */
  cellShares: Record<string, number> | null;
}

/**
 * The samples of lists, by list, that the caller keeps for one version of the catalogue: the
 * colours asked of one list then read its sample once (decision 090).
 */
export type ListSamples = Map<string, Promise<ListSample>>;

/** Lists whose samples are kept at most; beyond, the kept ones start over. */
const MAX_KEPT_SAMPLES = 64;

/** Where a keyset page starts: the sort key of the last item of the page before it. */
export type SortKey = [string] | [number | string, string];

/**
 * An item of a list: its key and what its place in the list's order is read from; nearest first
 * to a colour, with its distance from it. The catalogue reads the rows only of the items it has
 * not shown since they last changed (decision 076).
 */
export type ListedItem = ItemKey &
  Pick<ItemRow, 'priceCents' | 'name'> & {
    distance?: number;
    /** The whole row, when the read that listed the item had it. */
    row?: ItemRow;
  };

/** What an update changes: columns, and the fields of `media` it sets. */
export type ItemChange = Omit<Partial<NewItemRow>, 'media'> & { media?: Partial<ItemMedia> };

/** The palette's colours in CIELAB, one after the other, as the colour filters read them. */
const coloursOf = (media: ItemMedia | undefined): number[] | null =>
  media?.palette?.flatMap((hex) => Object.values(labOfHex(hex))) ?? null;

/** How far a colour lies from the nearest colour of an item's palette (null without a palette). */
const distanceFrom = (colour: Lab): SQL<number> => paletteDistance(items.colours, colour);

/** The swatches the pages offer, each with its own index (schema.ts). */
const SWATCH_COLOURS = SWATCHES.map((swatch) => ({ name: swatch.name, lab: labOfHex(swatch.hex) }));

/** The swatch a colour is, if it is one. */
const swatchOf = (colour: Lab) =>
  SWATCH_COLOURS.find(({ lab }) => lab.l === colour.l && lab.a === colour.a && lab.b === colour.b)?.name;

const isSwatch = (colour: Lab) => swatchOf(colour) !== undefined;

/** A search's colour when neither a swatch nor OLED dark has an index for it (decision 064). */
const otherColourOf = (filter: CatalogueFilter): Lab | undefined =>
  filter.near !== undefined && !isSwatch(filter.near) && !filter.dark ? filter.near : undefined;

/** A text[] of parameters (drizzle would spread a JavaScript array into a list). */
const textArray = (values: string[]): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]`;

/**
 * Words a search's prefix may stand for, looked up in the postings one by one; past this many
 * the prefix is common enough for the newest-first scan to find its matches soon.
 */
const POSTED_PREFIX_WORDS = 20;

/** The terms of a query of toPrefixQuery's form: `word:*` a prefix, `word` whole, joined by ` & `. */
const termsOf = (tsQuery: string) =>
  tsQuery.split(' & ').map((term) => ({ word: term.replace(/:\*$/, ''), prefix: term.endsWith(':*') }));

/** The words a query's terms stand as prefixes of. */
const prefixesOf = (tsQuery: string) =>
  termsOf(tsQuery)
    .filter((term) => term.prefix)
    .map((term) => term.word);

/** Words spelled like a search's text that its near spellings look for. */
const SIMILAR_WORDS = 20;

/** The cells around `colour`, as an int[]. */
const cellsOf = (colour: Lab): SQL => sql.raw(`'{${cellsAround(colour).join(',')}}'::int[]`);

/** Matching colours of the cells, each with its item. */
type MatchingColours = Pick<typeof paletteCells._.columns, 'itemId' | 'l' | 'a' | 'b'>;

/** The coordinates of a colour in the cells: of `palette_cells`, or of a subquery of it. */
type CellColour = { l: SQLWrapper; a: SQLWrapper; b: SQLWrapper };

/**
 * The square of how far a colour in the cells lies from `colour`, as palette_distance works it
 * out (`power`), or, `products`, as the products that may differ from it in the last bit and
 * cost about half as much: for a comparison with a margin far wider than that bit.
 */
const squaredFrom = (
  colour: Lab,
  cells: CellColour = paletteCells,
  form: 'power' | 'products' = 'power',
): SQL<number> => {
  const square = (coordinate: SQLWrapper, value: number) => {
    const difference = sql`(${coordinate} - ${sql.raw(`'${value}'::float8`)})`;
    return form === 'power' ? sql`power(${difference}, 2)` : sql`${difference} * ${difference}`;
  };
  return sql<number>`${square(cells.l, colour.l)} + ${square(cells.a, colour.a)} + ${square(cells.b, colour.b)}`;
};

/**
 * Whether a colour in the cells matches `colour`, as palette_distance rounds it: only those a
 * hair's breadth from the threshold are rounded (the products say for the rest, with a margin of
 * a hundredth), and only those within REACH looked at twice.
 */
const matchesColour = (colour: Lab, cells: CellColour = paletteCells): SQL => {
  const sure = COLOUR_MATCH_DISTANCE - 0.01;
  const products = squaredFrom(colour, cells, 'products');
  return and(
    sql`${products} <= ${sql.raw(String(REACH * REACH))}`,
    sql`(${products} <= ${sql.raw(String(sure * sure))}
      or round(sqrt(${squaredFrom(colour, cells)})::numeric, 2) <= ${sql.raw(String(COLOUR_MATCH_DISTANCE))})`,
  )!;
};

/** The colours of the cells around `colour` that match it: the key alone says. */
const matchingInCells = (colour: Lab): SQL =>
  and(sql`${paletteCells.cell} = any(${cellsOf(colour)})`, matchesColour(colour))!;

/**
 * How far the nearest of an item's colours in the cells lies from `colour`, rounded as
 * palette_distance rounds (once an item: the nearest rounded is the rounded nearest).
 */
const nearestInCells = (colour: Lab, cells?: CellColour): SQL<number> =>
  sql<number>`round(sqrt(min(${squaredFrom(colour, cells)}))::numeric, 2)`;

/**
 * A colour that is not a swatch first looks at one in this many of the `walked` newest items
 * (the newest of them), to tell how common it is among them and how many colours the cells
 * around it hold.
 */
const COLOUR_PROBE_SHARE = 50;

/**
 * More rows than any cells hold: as a limit, it keeps a query below it from being planned into
 * the scans of a merge above it (as `offset 0` would, which the query builder leaves out).
 */
const EVERY_ROW = Number.MAX_SAFE_INTEGER;

/**
 * An unnarrowed list merges the blocks around its colour when the sample makes at least this
 * many times its candidates: the merge then stops well before the blocks' end. A rarer colour
 * reads its every match from the cells, fewer rows than its blocks hold.
 */
const BLOCKS_MATCHES = 2;

/**
 * A colour's match looked up in a tag's postings costs about as much as this many of the
 * postings hashed: a tag whose newest hold none of the colour (or few, decision 073) hashes its
 * postings once when the cells it reads hold more matches than its items over this (at a
 * million items on PostgreSQL, tags of 166,700 items lacking a colour: 66–455 ms looked up
 * against 35–180 ms hashed for 8,800–104,000 matching items, 1–43 ms against 2–59 ms for 8,200
 * or fewer; decisions 066 and 069).
 */
const LOOKUP_POSTINGS = 20;

/**
 * A tag whose newest hold a colour is weighed for its postings hashed only when its themes hold
 * at least this many times its items: where it holds most of them, the matches looked up newest
 * first are mostly its own, and it finds its candidates soon (decision 073).
 */
const HASHED_SPREAD = 1.5;

/**
 * An unnarrowed list, or a theme's in a catalogue of `THEME_BY_AGE_FROM` items or more, reads the
 * cells around its colour only among the newest items its matches reach: past a share of the
 * catalogue as the planner's histogram of item ids bounds it (a hundredth of the catalogue a
 * bucket by default), or, for fewer than a bucket holds, past the id that many newest items down
 * the published ids' index, read in the same statement (about 150 ids a page, so a bucket at a
 * million items costs about 70 pages).
 */
function newerThan(reach: number, catalogue: number, bounds: string[] | null): SQL | undefined {
  if (reach >= catalogue) return undefined;
  const buckets = (bounds?.length ?? 0) - 1;
  if (buckets < 1 || reach < catalogue / buckets)
    return gte(
      paletteCells.itemId,
      sql`(select ${items.itemId} from ${items} where ${items.published} order by ${items.itemId} desc offset ${Math.ceil(reach)} limit 1)`,
    );
  const at = Math.floor((1 - reach / catalogue) * buckets);
  return at > 0 ? gte(paletteCells.itemId, bounds![at]!) : undefined;
}

/**
 * When the cells of the newest items a colour's sample pointed to held too few of its matches,
 * they are read once more as far back as the matches found there make it, times this: the
 * matches of a few thousand items say their share to within a few tenths.
 */
const NEWEST_AGAIN_MARGIN = 1.5;

/**
 * A theme's list reads the cells of its newest items first only in a catalogue of this many
 * items or more. At 100,000 items on PGlite, where its walks and its cells cost little, the
 * extra read made landscape's twenty colours slower in a warm process (p50 15.6–16.3 → 19.3–20.5
 * ms, p95 28.4–30.0 → 31.1–36.4 ms); at a million on PostgreSQL it made them faster (p95 36.0–40.5
 * → 24.9–32.9 ms; decision 078).
 */
const THEME_BY_AGE_FROM = 500_000;

/** Whether a filter keeps only some of the items near its colour: by tag, photo type or OLED dark. */
const narrows = (filter: CatalogueFilter): boolean =>
  filter.tag !== undefined || filter.photoType !== undefined || filter.dark === true;

const hasTag = (tag: string, tags: SQLWrapper = items.tags): SQL => sql`${tags} @> array[${tag}]::text[]`;

const published = (filter: CatalogueFilter): SQL | undefined =>
  and(
    eq(items.published, true),
    filter.tag === undefined ? undefined : hasTag(filter.tag),
    filter.photoType === undefined ? undefined : eq(items.photoType, filter.photoType),
    filter.near === undefined ? undefined : nearColour(items.colours, filter.near),
    // A constant, not a parameter, so the planner sees the partial index's condition holds.
    filter.dark ? sql`(${items.media} ->> 'darkShare')::real >= ${sql.raw(String(OLED_DARK_SHARE))}` : undefined,
  );

/** Whether a tag's postings (of one photo type) alone say which items a filter finds. */
export const postedUnderTag = (filter: CatalogueFilter): filter is CatalogueFilter & { tag: string } =>
  filter.tag !== undefined && !filter.near && !filter.dark;

/** A tag's postings (of one photo type), when they alone say which items a filter finds. */
const tagPostingsOf = (filter: CatalogueFilter): SQL | undefined =>
  postedUnderTag(filter)
    ? and(eq(tagPostings.tag, filter.tag), filter.photoType && eq(tagPostings.photoType, filter.photoType))
    : undefined;

/** The filter's tag when it is a theme, whose colours each cell holds together (palette_theme, migration 0037). */
const themeOf = (filter: CatalogueFilter): string | undefined => THEMES.find((theme) => theme.tag === filter.tag)?.tag;

/**
 * The colours of the cells that a theme's items hold, each a scan of its own: those filed under
 * it, and those of items with no one theme ('') that carry it too, looked up in its postings.
 */
const inTheme = (theme: string): SQL[] => [
  eq(paletteCells.theme, theme),
  and(
    eq(paletteCells.theme, ''),
    sql`exists (select 1 from ${tagPostings} where ${tagPostings.tag} = ${theme}
      and ${tagPostings.itemId} = ${paletteCells.itemId})`,
  )!,
];

/** A tag of the published items, how many carry it, and how many of those are of each photo type. */
export interface TagTotal {
  tag: string;
  count: number;
  byType: Record<PhotoType, number>;
}

/** The admin catalogue's filter: every item, published or not. */
export interface AdminItemFilter {
  /** Words of the name (case-insensitive), or the exact itemId. */
  q?: string | undefined;
  tag?: string | undefined;
  free?: boolean | undefined;
  photoType?: PhotoType | undefined;
  published?: boolean | undefined;
}

const LIKE_SPECIALS = /[\\%_]/g;

const adminFilter = (filter: AdminItemFilter): SQL | undefined =>
  and(
    filter.q
      ? or(eq(items.itemId, filter.q), ilike(items.name, `%${filter.q.replace(LIKE_SPECIALS, '\\$&')}%`))
      : undefined,
    filter.tag === undefined ? undefined : hasTag(filter.tag),
    filter.free === undefined ? undefined : eq(items.freeDownload, filter.free),
    filter.photoType === undefined ? undefined : eq(items.photoType, filter.photoType),
    filter.published === undefined ? undefined : eq(items.published, filter.published),
  );

interface Order {
  by: SQL[];
  after: (key: SortKey) => SQL | undefined;
  key: (row: ListedItem) => SortKey;
}

/** Each sort: its order (ties broken by itemId) and the condition for "after this key". */
const SORTS: Record<ItemSort, Order> = {
  newest: { by: [desc(items.itemId)], after: ([id]) => lt(items.itemId, String(id)), key: (r) => [r.itemId] },
  oldest: { by: [asc(items.itemId)], after: ([id]) => gt(items.itemId, String(id)), key: (r) => [r.itemId] },
  'price-asc': {
    by: [asc(items.priceCents), desc(items.itemId)],
    after: ([price, id]) =>
      or(gt(items.priceCents, Number(price)), and(eq(items.priceCents, Number(price)), lt(items.itemId, id!))),
    key: (r) => [r.priceCents, r.itemId],
  },
  'price-desc': {
    by: [desc(items.priceCents), desc(items.itemId)],
    after: ([price, id]) => sql`(${items.priceCents}, ${items.itemId}) < (${Number(price)}, ${id})`,
    key: (r) => [r.priceCents, r.itemId],
  },
  name: {
    by: [asc(items.name), asc(items.itemId)],
    after: ([name, id]) => sql`(${items.name}, ${items.itemId}) > (${String(name)}, ${id})`,
    key: (r) => [r.name, r.itemId],
  },
};

/**
 * A colour's candidate for its list: an item and its distance from the colour. Named apart from
 * the items' own column, as the page joins the items on it.
 */
const candidate = (itemId: SQLWrapper, distance: SQLWrapper) => ({
  itemId: sql<string>`${itemId}`.as('candidate_id'),
  distance: sql<number>`${distance}`.as('distance'),
});

/** Nearest first to a colour (`distance`, computed as `matches` holds it), then newest. */
const nearestFirst = (distance: SQLWrapper, itemId: SQLWrapper): Omit<Order, 'key'> => ({
  by: [asc(distance), desc(itemId)],
  after: ([d, id]) => sql`(${distance} > ${Number(d)} or (${distance} = ${Number(d)} and ${itemId} < ${id}))`,
});

/** The keyset position of a row in a list's order. */
export const sortKeyOf = (order: ListOrder, row: ListedItem): SortKey =>
  order === 'colour' ? [row.distance!, row.itemId] : SORTS[order].key(row);

/** Rows of items by key: one statement text whatever their number (drizzle's `inArray` spreads a list). */
const rowsByKey = (db: Database, name: string, ...also: SQL[]) =>
  db
    .select(itemColumns)
    .from(items)
    .where(and(sql`${items.itemId} = any(${sql.placeholder('itemIds')}::text[])`, ...also))
    .prepare(name);

/** The items of the catalogue, published or draft, and how much each is downloaded. */
export class ItemsRepository {
  private readonly db: Database;
  /**
   * A page's rows read by key, each a statement prepared once per connection: planned once and
   * built once, where a list of parameters made a new statement for each number of items.
   */
  private readonly rowsByKey: ReturnType<typeof rowsByKey>;
  private readonly publishedRowsByKey: ReturnType<typeof rowsByKey>;

  constructor(db: Database) {
    this.db = db;
    this.rowsByKey = rowsByKey(db, 'item_rows_by_key');
    this.publishedRowsByKey = rowsByKey(db, 'published_item_rows_by_key', eq(items.published, true));
  }

  async byId(itemId: string): Promise<ItemRow | undefined> {
    const [row] = await this.db.select(itemColumns).from(items).where(eq(items.itemId, itemId));
    return row;
  }

  async byIds(itemIds: string[]): Promise<ItemRow[]> {
    return this.rowsByKey.execute({ itemIds });
  }

  /** The rows of these items in the order given, leaving out any there is none of. */
  async byIdsInOrder(itemIds: string[]): Promise<ItemRow[]> {
    const rows = new Map((await this.byIds(itemIds)).map((row) => [row.itemId, row]));
    return itemIds.map((itemId) => rows.get(itemId)).filter((row) => row !== undefined);
  }

  /**
   * These published items as a list shows them, each with its whole row, in the order given,
   * leaving out any not published: a page whose order was found elsewhere (the colour index),
   * its items mostly new to the process, reads them once rather than their keys and then rows.
   */
  async listedInOrder(itemIds: string[]): Promise<ListedItem[]> {
    if (!itemIds.length) return [];
    const rows = await this.publishedRowsByKey.execute({ itemIds });
    const byId = new Map(rows.map((row) => [row.itemId, row]));
    return itemIds.flatMap((itemId) => {
      const row = byId.get(itemId);
      if (!row) return [];
      const { version, updatedAt, priceCents, name } = row;
      return [{ itemId, version, updatedAt, priceCents, name, row }];
    });
  }

  /** Which of these ids have an item, published or not. */
  async existingIds(itemIds: string[]): Promise<Set<string>> {
    const rows = await this.db.select({ itemId: items.itemId }).from(items).where(inArray(items.itemId, itemIds));
    return new Set(rows.map((row) => row.itemId));
  }

  /** A published item by its key. */
  async published(itemId: string): Promise<ItemRow | undefined> {
    const [row] = await this.db
      .select(itemColumns)
      .from(items)
      .where(and(eq(items.itemId, itemId), eq(items.published, true)));
    return row;
  }

  /**
   * One page of published items in a sort's order: after a keyset position (the sort key of the
   * last item of the previous page) or from an offset. Each sort walks one index.
   */
  async page(request: {
    filter: CatalogueFilter;
    sort: ItemSort;
    limit: number;
    after?: SortKey | undefined;
    offset?: number;
  }): Promise<ListedItem[]> {
    const order = SORTS[request.sort];
    const where = and(published(request.filter), request.after && order.after(request.after));
    const postings = tagPostingsOf(request.filter);
    const newest = request.sort === 'newest';
    const byPostings = postings && (newest || request.sort === 'oldest');
    if (!byPostings && !request.offset)
      return this.db
        .select(listedKeyColumns)
        .from(items)
        .where(where)
        .orderBy(...order.by)
        .limit(request.limit);
    // The page's ids first, from an index alone, then its items. A tag's list in the order of its
    // ids walks the tag's postings, which end with the tag however few of them are of one photo
    // type (none, say), where the items' own index would be walked to its end; a deep page skips
    // along the list's index, reading no row of those it skips.
    const ids = byPostings
      ? this.db
          .select({ itemId: tagPostings.itemId })
          .from(tagPostings)
          .where(and(postings, request.after && (newest ? lt : gt)(tagPostings.itemId, String(request.after[0]))))
          .orderBy(newest ? desc(tagPostings.itemId) : asc(tagPostings.itemId))
          .limit(request.limit)
          .offset(request.offset ?? 0)
      : this.db
          .select({ itemId: items.itemId })
          .from(items)
          .where(where)
          .orderBy(...order.by)
          .limit(request.limit)
          .offset(request.offset ?? 0);
    return this.db
      .select(listedKeyColumns)
      .from(items)
      .where(inArray(items.itemId, ids))
      .orderBy(...order.by);
  }

  /**
   * One page of the published items near the filter's colour, nearest first: only its newest
   * `candidates` matches are ranked, so a colour found in half the catalogue costs no more than
   * a rare one. A swatch's index holds the palettes, so they are ranked from the index alone and
   * cut to the page before the page's rows are read.
   *
   * A swatch within a tag reads the tag's newest matches, with their distances, from the tag's
   * postings under the swatch, however few or many the tag holds (decision 085).
   * Any other colour is walked or read from the cells around it, as a sample of the newest tells
   * (`nearOtherColour`).
   */
  async nearestPage(request: {
    filter: CatalogueFilter & { near: Lab };
    limit: number;
    after?: SortKey | undefined;
    offset?: number;
    candidates: number;
    walked: number;
    /** Where the list's sample is kept, for a colour that is not a swatch. */
    samples?: ListSamples;
  }): Promise<{ keys: ListedItem[]; total: number | undefined }> {
    const { filter, candidates } = request;
    const swatch = swatchOf(filter.near);
    if (swatch === undefined) return this.nearOtherColour(request);
    const { tag } = filter;
    return this.rankedPage(
      request,
      tag === undefined
        ? this.newestNear(filter, candidates)
        : this.newestUnderTagNear({ ...filter, tag }, swatch, candidates),
    );
  }

  /** The newest `candidates` published items the filter finds, with their distances from its colour. */
  private newestNear(filter: CatalogueFilter & { near: Lab }, candidates: number) {
    return this.db
      .select(candidate(items.itemId, distanceFrom(filter.near)))
      .from(items)
      .where(published(filter))
      .orderBy(desc(items.itemId))
      .limit(candidates);
  }

  /**
   * A tag's newest `candidates` published items near a swatch (of a photo type, OLED dark), with
   * their distances from it: one range of the swatch postings' key.
   */
  private newestUnderTagNear(filter: CatalogueFilter & { tag: string }, swatch: string, candidates: number) {
    return this.db
      .select(candidate(swatchPostings.itemId, swatchPostings.distance))
      .from(swatchPostings)
      .where(
        and(
          eq(swatchPostings.tag, filter.tag),
          eq(swatchPostings.swatch, swatch),
          filter.photoType === undefined ? undefined : eq(swatchPostings.photoType, filter.photoType),
          filter.dark ? eq(swatchPostings.dark, true) : undefined,
        ),
      )
      .orderBy(desc(swatchPostings.itemId))
      .limit(candidates);
  }

  /**
   * A page near a colour that is not a swatch. The cells around it hold its matches, however
   * few, read from their key; a colour common among the newest is walked instead, newest first,
   * where its cells would hold too many to read them all (decision 063). A sample of the newest
   * tells which, and how far (`colourWalk`); a walk that falls short reads the cells after all.
   * An unnarrowed list of a colour with more matches than it needs merges the blocks around it
   * newest first instead of either (decision 067); a theme's cells are its own (decision 068),
   * and a theme's or a tag's list that is not walked merges its themes' blocks where the sample
   * says they hold its newest matches near enough (decision 072). Before any of these, an
   * unnarrowed list, or a theme's by itself in a large catalogue, reads the cells of only as many
   * of the newest items as the sample says hold its matches, and reads on as above only when they
   * fall short (decision 078).
   * Either way the candidates are its newest `candidates` matches.
   */
  private async nearOtherColour(request: Parameters<ItemsRepository['nearestPage']>[0]) {
    const { filter, candidates } = request;
    // An unnarrowed list, or a theme's by itself in a large catalogue, reads its cells only among
    // the newest items its matches reach, when the sample says how far that is (decision 078).
    const theme = themeOf(filter);
    const themeAlone = theme !== undefined && filter.photoType === undefined && !filter.dark;
    const sample = await this.keptListSample(filter, request.walked, !narrows(filter) || themeAlone, request.samples);
    const { walk, blocks, share, matches, themes, tagged, spread, reach, since, catalogue } = this.colourWalk(
      filter.near,
      sample,
      candidates,
      request.walked,
      filter.tag,
    );
    const byAge = !narrows(filter) || (themeAlone && catalogue >= THEME_BY_AGE_FROM);
    const newest = byAge ? await this.fromNewest(request, reach, since, catalogue) : {};
    if (newest.page) return newest.page;
    if (!narrows(filter))
      return this.rankedPage(
        request,
        this.inCellsNear(
          filter,
          candidates,
          (newest.matches ?? matches) >= BLOCKS_MATCHES * candidates ? 'blocks' : 'cells',
        ),
      );
    if (walk !== undefined) {
      const fromWalk = await this.rankedPage(request, this.walkedNear(filter, candidates, walk));
      if (fromWalk.total === candidates) return fromWalk;
    }
    // Only a theme's or a tag's list by itself: the sample does not say how many of its themes'
    // items a photo type or OLED dark keeps.
    const merged = blocks && filter.photoType === undefined && !filter.dark;
    // A tag whose newest hold none of the colour, or few in themes of half again its items or
    // more, may hold few of its matches: when the cells of its themes hold many, each looked up
    // in the tag would cost more than the tag's postings hashed once (decision 073). A theme's
    // colours are read as its own.
    const amongTag =
      !merged &&
      themes !== undefined &&
      tagged > 0 &&
      (share === 0 || spread >= HASHED_SPREAD) &&
      postedUnderTag({ ...filter, near: undefined }) &&
      (await this.holdsMatches(filter.near, themes, Math.ceil(tagged / LOOKUP_POSTINGS)));
    const read = merged ? 'blocks' : amongTag ? 'among-tag' : 'cells';
    return this.rankedPage(request, this.inCellsNear(filter, candidates, read, themes));
  }

  /**
   * A colour's page from the cells of only the newest items that hold its candidates (decision
   * 078): as many as `reach` says, then, when they hold too few, once more as far back as the
   * matches they held make it, with a margin. Without a page, how many matches the `catalogue`
   * holds as the last read makes it, which tells the reads that follow better than the sample.
   */
  private async fromNewest(
    request: Parameters<ItemsRepository['nearestPage']>[0],
    reach: number | undefined,
    since: (reach: number) => SQL | undefined,
    catalogue: number,
  ): Promise<{ page?: Awaited<ReturnType<ItemsRepository['rankedPage']>>; matches?: number }> {
    let matches: number | undefined;
    for (let read = 0; read < 2 && reach !== undefined; read++) {
      const newer = since(reach);
      if (newer === undefined) break;
      const page = await this.rankedPage(
        request,
        this.inCellsNear(request.filter, request.candidates, 'cells', undefined, newer),
      );
      if (page.total === request.candidates) return { page };
      const found = page.total ?? 0;
      matches = (found / reach) * catalogue;
      reach = found > 0 ? (reach * request.candidates * NEWEST_AGAIN_MARGIN) / found : undefined;
    }
    return matches === undefined ? {} : { matches };
  }

  /**
   * The list's sample (`listSample`), kept in `samples` for every colour asked of the list while
   * the caller keeps them.
   */
  private keptListSample(
    filter: CatalogueFilter,
    walked: number,
    byAge: boolean,
    samples: ListSamples | undefined,
  ): Promise<ListSample> {
    const read = () => this.listSample((size) => this.newestListed(filter, size), walked, filter.tag, byAge);
    if (samples === undefined) return read();
    const key = JSON.stringify([filter.tag, filter.photoType, filter.dark === true, byAge, walked]);
    const kept = samples.get(key);
    if (kept) return kept;
    if (samples.size >= MAX_KEPT_SAMPLES) samples.clear();
    const sample = read();
    samples.set(key, sample);
    // A read that failed is read again by the next colour.
    sample.catch(() => samples.get(key) === sample && samples.delete(key));
    return sample;
  }

  /**
   * A sample of a list: the palettes of its newest `walked / COLOUR_PROBE_SHARE` (as `probed`
   * gives them), the planner's count of the items, with `byAge` its histogram of item ids, and
   * for a `tag` that is not a theme the themes its items are filed under (tag_themes) and each
   * theme's share of the cells.
   */
  private async listSample(
    probed: (size: number) => ReturnType<ItemsRepository['newestListed']>,
    walked: number,
    tag?: string,
    byAge = false,
  ): Promise<ListSample> {
    const newest = probed(Math.ceil(walked / COLOUR_PROBE_SHARE));
    const theme = themeOf({ tag });
    const [row] = await this.db
      .select({
        // The sample's palettes, weighed in the process.
        palettes: sql<(number | null)[][] | null>`json_agg(${newest.colours})`,
        // The planner's count of the items (none before the table is first analysed).
        items: sql<number>`(select greatest(reltuples, 0) from pg_class where oid = 'items'::regclass)`.mapWith(Number),
        // The planner's histogram of item ids, for a list that may read only its newest (decision 078).
        idBounds: byAge
          ? sql<string[] | null>`(select histogram_bounds::text::text[] from pg_stats
              where schemaname = 'public' and tablename = 'items' and attname = 'item_id')`
          : sql<null>`null`,
        // The tag's items by the theme each is filed under.
        filedUnder:
          theme === undefined && tag !== undefined
            ? sql<Record<string, number> | null>`(select jsonb_object_agg(${tagThemes.theme}, ${tagThemes.items})
                from ${tagThemes} where ${tagThemes.tag} = ${tag} and ${tagThemes.items} > 0)`
            : sql<null>`null`,
        // Each theme's share of the cells' colours (none before the table is first analysed).
        cellShares:
          tag === undefined
            ? sql<null>`null`
            : sql<Record<string, number> | null>`(select jsonb_object_agg(mcv.theme, mcv.share) from pg_stats,
                unnest(most_common_vals::text::text[], most_common_freqs) as mcv(theme, share)
                where schemaname = 'public' and tablename = 'palette_cells' and attname = 'theme')`,
      })
      .from(newest);
    return {
      palettes: (row?.palettes ?? []).map(paletteColours),
      items: row?.items ?? 0,
      idBounds: row?.idBounds ?? null,
      filedUnder: row?.filedUnder ?? {},
      cellShares: row?.cellShares ?? null,
    };
  }

  /**
   * How a colour that is not a swatch is read, as the list's sample says (`weighColourWalk`):
   * `walk`, `blocks`, `share` and `matches`; and, for a `tag` that is not a theme, `themes` and
   * `tagged`: the themes its items are filed under in the cells and how many items it has. The
   * cells read are the catalogue's or only those of the list's themes (a theme's own, or the
   * tag's), as the planner's statistics count their share. `spread`: how many of its themes'
   * items each of the list's stands for (1 for a theme, 0 when not known). `reach`: how many of
   * the catalogue's newest items hold the list's candidates, as the sample reckons, if it can
   * tell; `since`, the condition that keeps the cells of that many (`newerThan`), bounded by the
   * planner's histogram only when the sample holds it; `catalogue`, the planner's count of the items.
   */
  private colourWalk(
    near: Lab,
    sample: ListSample,
    candidates: number,
    walked: number,
    tag?: string,
  ): {
    walk: number | undefined;
    blocks: boolean;
    share: number;
    matches: number;
    themes?: string[];
    tagged: number;
    spread: number;
    reach: number | undefined;
    since: (reach: number) => SQL | undefined;
    catalogue: number;
  } {
    const theme = themeOf({ tag });
    const filed = sample.filedUnder;
    // The themes whose cells the list reads, and their share of the cells' colours (all of them when none is known).
    const themesRead = theme !== undefined ? [theme] : tag !== undefined ? Object.keys(filed) : undefined;
    const shares = (themesRead ?? []).flatMap((read) => sample.cellShares?.[read] ?? []);
    const themeShare = shares.length ? shares.reduce((sum, part) => sum + part, 0) : 1;
    const tagged = Object.values(filed).reduce((sum, items) => sum + items, 0);
    const { items } = sample;
    // A theme's blocks are its list's; a tag's themes hold their share of the catalogue's items.
    const spread = theme !== undefined ? 1 : tagged > 0 ? (themeShare * items) / tagged : undefined;
    const weighed = weighColourWalk({
      near,
      palettes: sample.palettes,
      items,
      themeShare,
      spread,
      candidates,
      walked,
    });
    return {
      ...weighed,
      ...(theme === undefined && themesRead && { themes: themesRead }),
      tagged,
      spread: spread ?? 0,
      // The list's newest, as many of the catalogue's newest as its themes' share of the colours says.
      reach: weighed.reach === undefined ? undefined : weighed.reach / themeShare,
      since: (reach) => newerThan(reach, items, sample.idBounds),
      catalogue: items,
    };
  }

  /** Whether the cells around a colour hold at least `enough` of its matching colours filed under these themes. */
  private async holdsMatches(colour: Lab, themes: string[], enough: number): Promise<boolean> {
    const held = this.db
      .select({ one: sql`1` })
      .from(paletteCells)
      .where(and(matchingInCells(colour), inArray(paletteCells.theme, themes)))
      .limit(enough)
      .as('held');
    const [row] = await this.db.select({ n: count() }).from(held);
    return (row?.n ?? 0) >= enough;
  }

  /**
   * The newest `candidates` (every one when not given) of the filter's list near a colour that
   * is not a swatch, from the cells around it: its matches with their distances, newest first,
   * each then looked up in the list when the filter narrows it (one at a time, so a rare colour
   * never walks the list), or, `among-tag`, taken among the tag's postings at once; `blocks`:
   * merged from the blocks around the colour newest first, an unnarrowed list's every block, a
   * theme's its own, a tag's those of its `themes` (decision 072). A theme's list reads only
   * the theme's colours (decision 068), looked up only for a photo type or OLED dark; another
   * tag's, given `themes` (tag_themes), only the colours filed under those (decision 069). With
   * `since`, only the cells' colours of the items it keeps (decision 078).
   */
  private inCellsNear(
    filter: CatalogueFilter & { near: Lab },
    candidates?: number,
    read: 'cells' | 'blocks' | 'among-tag' = 'cells',
    themes?: string[],
    since?: SQL,
  ) {
    const listedFilter = { ...filter, near: undefined };
    const theme = themeOf(filter);
    const amongTag = read === 'among-tag' && postedUnderTag(listedFilter);
    // Another tag's are filed under the themes of its items (none when no published item carries it).
    const filed = themes && inArray(paletteCells.theme, themes);
    const among = theme
      ? inTheme(theme)
      : amongTag
        ? [
            and(
              filed,
              inArray(
                paletteCells.itemId,
                this.db.select({ itemId: tagPostings.itemId }).from(tagPostings).where(tagPostingsOf(listedFilter)),
              ),
            )!,
          ]
        : filed && [filed];
    // A theme's colours are its own, those among the tag's postings the tag's; a photo type or
    // OLED dark still narrows them.
    const narrowed = theme ? narrows({ ...filter, tag: undefined }) : !amongTag && narrows(filter);
    // Unnarrowed (or among the tag's postings), its newest candidates are the matches' newest.
    const newest = narrowed ? undefined : candidates;
    const matches =
      read === 'blocks'
        ? this.newestInBlocksNear(
            filter.near,
            newest,
            // A scan of each theme's blocks: the blocks' index by theme orders each newest first.
            theme
              ? inTheme(theme)
              : themes?.length
                ? themes.map((filedUnder) => eq(paletteCells.theme, filedUnder))
                : among,
          )
        : this.inCells(
            filter.near,
            newest,
            since === undefined ? among : (among ?? [undefined]).map((condition) => and(condition, since)!),
          );
    // In a narrowed list, each looked up in the list newest first until the candidates are
    // found: a tag's postings say from their key alone, OLED dark needs its row.
    const found = matches.as('matches');
    const listed = (
      postedUnderTag(listedFilter)
        ? this.db
            .select({ one: sql`1` })
            .from(tagPostings)
            .where(and(tagPostingsOf(listedFilter), eq(tagPostings.itemId, found.itemId)))
        : this.db
            .select({ one: sql`1` })
            .from(items)
            .where(and(eq(items.itemId, found.itemId), published(listedFilter)))
    )
      .limit(1)
      .as('listed');
    const newestFirst = this.db
      .select(candidate(found.itemId, found.distance))
      .from(found)
      .orderBy(desc(found.itemId))
      .$dynamic();
    if (narrowed) newestFirst.innerJoinLateral(listed, sql`true`);
    return candidates === undefined ? newestFirst : newestFirst.limit(candidates);
  }

  /**
   * The ids of the published items near a colour that is not a swatch, from the cells around it,
   * or undefined when the colour is common enough among the newest of a list (as `probed` gives
   * them) to walk it.
   */
  private async idsNearIfRare(
    near: Lab,
    probed: Parameters<ItemsRepository['listSample']>[0],
    page: { candidates: number; walked: number },
  ) {
    const sample = await this.listSample(probed, page.walked);
    if (this.colourWalk(near, sample, page.candidates, page.walked).walk !== undefined) return undefined;
    return sql`select ${paletteCells.itemId} from ${paletteCells} where ${matchingInCells(near)}`;
  }

  /**
   * The colours of the blocks around `colour` (cubes of two cells a side, `paletteBlock`), newest
   * first: each block read backwards along its index, the blocks merged (a Merge Append), so a
   * list stops once it has its newest matches, however many more the cells hold (decision 067).
   * Each block is a scan sorted by itself, which PostgreSQL merges, where it would sort every
   * colour of the cells read as one range of their key. The limit keeps the match worked out
   * above the merge: in each scan, a block holding few matches would be read to its end before
   * the merge could start. With `among`, only the colours each condition keeps, a scan for each
   * block and condition: a theme's, read along the blocks' index by theme (decision 072).
   */
  private newestInBlocks(colour: Lab, among: (SQL | undefined)[] = [undefined]) {
    const blocks = [...new Set(cellsAround(colour).map(blockOf))];
    const block = paletteBlock(paletteCells.cell);
    // The scans written as one template: as a query builder each, joined by its unions, twenty to
    // fifty of them took 5–13 ms of a page to write out, against 2–4 ms so (decision 075).
    const scans = sql.join(
      blocks.flatMap((blockNumber) =>
        among.map(
          (condition) =>
            sql`(select item_id, l, a, b from ${paletteCells} where ${block} = ${blockNumber}${condition ? sql` and ${condition}` : sql``} order by item_id desc)`,
        ),
      ),
      sql` union all `,
    );
    // Its columns declared as the cells' own, for its readers; used once, PostgreSQL inlines it.
    const merged = this.db
      .$with('merged', { itemId: paletteCells.itemId, l: paletteCells.l, a: paletteCells.a, b: paletteCells.b })
      .as(scans);
    return this.db
      .with(merged)
      .select()
      .from(merged)
      .orderBy(desc(merged.itemId))
      .limit(EVERY_ROW)
      .as('newest_colours');
  }

  /**
   * The published items near a colour that is not a swatch, each with its distance, from the
   * cells around it, newest first; with `newest`, only the newest that many. With `among`, only
   * the colours each condition keeps, each read as a scan of its own.
   */
  private inCells(colour: Lab, newest?: number, among: SQL[] = []) {
    const [first, second, ...others] = (among.length ? among : [undefined]).map((condition) =>
      this.db
        .select({ itemId: paletteCells.itemId, l: paletteCells.l, a: paletteCells.a, b: paletteCells.b })
        .from(paletteCells)
        .where(and(matchingInCells(colour), condition)),
    );
    return this.itemsAmong(colour, (second ? unionAll(first!, second, ...others) : first!).as('matches'), newest);
  }

  /** The published items near a colour, as `inCells` finds them, merged from the blocks around it newest first. */
  private newestInBlocksNear(colour: Lab, newest?: number, among?: (SQL | undefined)[]) {
    const blocks = this.newestInBlocks(colour, among);
    const matching = this.db.select().from(blocks).where(matchesColour(colour, blocks)).as('matches');
    return this.itemsAmong(colour, matching, newest);
  }

  /**
   * Each item among these matching colours, with its nearest's distance, newest first; with
   * `newest`, only the newest that many. An item has at most PALETTE_SIZE colours in the cells,
   * so the newest `newest * PALETTE_SIZE` matching colours hold the newest `newest` items whole
   * (a top-N sort, where every match grouped cost most).
   */
  private itemsAmong(colour: Lab, matches: SubqueryWithSelection<MatchingColours, 'matches'>, newest?: number) {
    if (newest === undefined)
      return this.db
        .select({ itemId: matches.itemId, distance: nearestInCells(colour, matches).as('distance') })
        .from(matches)
        .groupBy(matches.itemId)
        .orderBy(desc(matches.itemId))
        .$dynamic();
    const colours = this.db
      .select()
      .from(matches)
      .orderBy(desc(matches.itemId))
      .limit(newest * PALETTE_SIZE)
      .as('colours');
    return this.nearestOfEach(colour, colours, newest);
  }

  /** Each of the newest `newest` items among these matching colours, with its nearest's distance. */
  private nearestOfEach(colour: Lab, colours: SubqueryWithSelection<MatchingColours, 'colours'>, newest: number) {
    return this.db
      .select({ itemId: colours.itemId, distance: nearestInCells(colour, colours).as('distance') })
      .from(colours)
      .groupBy(colours.itemId)
      .orderBy(desc(colours.itemId))
      .limit(newest)
      .$dynamic();
  }

  /**
   * The newest `limit` items of the list a colour narrows (its other filters, and `matching`
   * when given), with their palettes.
   */
  private newestListed(filter: CatalogueFilter, limit: number, matching?: SQL) {
    return this.db
      .select({ itemId: items.itemId, colours: items.colours })
      .from(items)
      .where(and(published({ ...filter, near: undefined }), matching))
      .orderBy(desc(items.itemId))
      .limit(limit)
      .as('newest');
  }

  /** Whether these words have fewer than `limit` postings in all. */
  private async postingsFewerThan(words: string[], limit: number): Promise<boolean> {
    const [row] = rowsOf<{ n: number }>(
      await this.db.execute(
        sql`select count(*)::int as n from (select 1 from search_postings where word = any(${textArray(words)})
            limit ${limit}) as capped`,
      ),
    );
    return (row?.n ?? 0) < limit;
  }

  /** The newest `limit` items posted under any of these words, with their palettes, found from the postings. */
  private newestPosted(words: string[], limit: number) {
    const posted = sql.join(
      words.map(
        (word) =>
          sql`(select item_id from search_postings where word = ${word}::text order by item_id desc limit ${limit})`,
      ),
      sql` union `,
    );
    return this.db
      .select({ itemId: items.itemId, colours: items.colours })
      .from(items)
      .where(sql`${items.itemId} in (select item_id from (${posted}) as posted order by item_id desc limit ${limit})`)
      .orderBy(desc(items.itemId))
      .limit(limit)
      .as('newest');
  }

  /** The newest `candidates` near the filter's colour among its newest `walked` items, walked in order. */
  private walkedNear(filter: CatalogueFilter & { near: Lab }, candidates: number, walked: number) {
    const newest = this.newestListed(filter, walked);
    return this.db
      .select(candidate(newest.itemId, paletteDistance(newest.colours, filter.near)))
      .from(newest)
      .where(nearColour(newest.colours, filter.near))
      .orderBy(desc(newest.itemId))
      .limit(candidates);
  }

  /**
   * For a search within a swatch or OLED dark (the search page's filters, without a tag or a photo
   * type): the condition that keeps a posting whose item the filter keeps, by the shades it carries
   * (decision 083), which PostgreSQL reads from the swatch's or the dark ones' own index of
   * postings, so a word's matches are walked alone (decision 084).
   */
  private keptByShades(filter: CatalogueFilter): SQL | undefined {
    if (otherColourOf(filter) || filter.tag !== undefined || filter.photoType !== undefined) return undefined;
    if (filter.near === undefined && !filter.dark) return undefined;
    const swatch = filter.near && swatchOf(filter.near);
    return and(
      swatch ? hasShade(searchPostings.shades, swatchShade(swatch)) : undefined,
      filter.dark ? hasShade(searchPostings.shades, DARK_SHADE) : undefined,
    );
  }

  /** A page of `candidates` nearest first, with how many there are (undefined for an empty page). */
  private async rankedPage(
    request: { limit: number; after?: SortKey | undefined; offset?: number },
    candidates: ReturnType<
      | ItemsRepository['newestNear']
      | ItemsRepository['newestUnderTagNear']
      | ItemsRepository['walkedNear']
      | ItemsRepository['inCellsNear']
    >,
  ): Promise<{ keys: ListedItem[]; total: number | undefined }> {
    const matches = this.db.$with('matches').as(candidates);
    // The candidates counted once found: the list's total, with no walk of its own.
    const counted = this.db.$with('counted').as(
      this.db
        .select({
          itemId: matches.itemId,
          distance: matches.distance,
          total: sql<number>`count(*) over ()`.as('total'),
        })
        .from(matches),
    );
    const order = nearestFirst(counted.distance, counted.itemId);
    const ranked = this.db.$with('ranked').as(
      this.db
        .select()
        .from(counted)
        .where(request.after && order.after(request.after))
        .orderBy(...order.by)
        .limit(request.limit)
        .offset(request.offset ?? 0),
    );
    const found = await this.db
      .with(matches, counted, ranked)
      .select({
        item: listedKeyColumns,
        distance: sql<number>`${ranked.distance}`.mapWith(Number),
        total: sql<number>`${ranked.total}`.mapWith(Number),
      })
      .from(ranked)
      .innerJoin(items, eq(items.itemId, ranked.itemId))
      .orderBy(...nearestFirst(ranked.distance, items.itemId).by);
    return { keys: found.map((row) => ({ ...row.item, distance: row.distance })), total: found[0]?.total };
  }

  /**
   * A page of every item, published or not, newest first, with how many the filter finds counted
   * up to `counted`, and whether it finds more.
   */
  async adminPage(
    filter: AdminItemFilter,
    page: { limit: number; offset: number; counted: number },
  ): Promise<{ rows: ItemRow[]; total: number; more: boolean }> {
    const where = adminFilter(filter);
    const found = this.db
      .select({ one: sql`1` })
      .from(items)
      .where(where)
      .limit(page.counted + 1)
      .as('found');
    const [rows, [counted]] = await Promise.all([
      this.db
        .select(itemColumns)
        .from(items)
        .where(where)
        .orderBy(desc(items.itemId))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(found),
    ]);
    const n = counted?.n ?? 0;
    return { rows, total: Math.min(n, page.counted), more: n > page.counted };
  }

  /**
   * How many published items a filter finds; with `upTo`, how many of its newest `upTo` there
   * are, found as a page's candidates are (the same walk, not another plan).
   */
  async countPublished(filter: CatalogueFilter, upTo?: number): Promise<number> {
    const postings = upTo === undefined ? tagPostingsOf(filter) : undefined;
    if (postings) {
      const [row] = await this.db.select({ n: count() }).from(tagPostings).where(postings);
      return row?.n ?? 0;
    }
    const { near } = filter;
    if (near !== undefined && !isSwatch(near)) {
      const [row] = await this.db.select({ n: count() }).from(this.inCellsNear({ ...filter, near }, upTo).as('found'));
      return row?.n ?? 0;
    }
    const found = this.db
      .select({ one: sql`1` })
      .from(items)
      .where(published(filter));
    const [row] = await this.db
      .select({ n: count() })
      .from((upTo === undefined ? found : found.orderBy(desc(items.itemId)).limit(upTo)).as('found'));
    return row?.n ?? 0;
  }

  /** Whether some published item carries this tag. */
  async tagInUse(tag: string): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql`1` })
      .from(tagPostings)
      .where(eq(tagPostings.tag, tag))
      .limit(1);
    return row !== undefined;
  }

  /** Every tag of the published items with how many carry it (of each photo type too), most used first. */
  async tagCounts(): Promise<TagTotal[]> {
    const ofType = PHOTO_TYPES.map(
      (type) => sql`count(*) filter (where photo_type = ${type})::int as ${sql.identifier(type)}`,
    );
    const rows = rowsOf<{ tag: string; count: number } & Record<PhotoType, number>>(
      await this.db.execute(
        sql`select tag, count(*)::int as count, ${sql.join(ofType, sql`, `)} from tag_postings group by tag
            order by count desc, tag collate "default"`,
      ),
    );
    return rows.map((row) => ({
      tag: row.tag,
      count: row.count,
      byType: Object.fromEntries(PHOTO_TYPES.map((type) => [type, row[type]])) as Record<PhotoType, number>,
    }));
  }

  /**
   * Published items matching a tsquery, best first, with how many match (at most `candidates`):
   * their keys, whose rows the catalogue reads only for the items it has not shown since they
   * last changed. Only the newest `candidates` matches are ranked, so a word found in half the
   * catalogue costs no more than a rare one. They come from the postings when those name them
   * at once (see `postedMatches`), else from one scan of the GIN index or of the newest-first
   * words.
   */
  async search(
    tsQuery: string,
    filter: CatalogueFilter,
    page: { limit: number; offset: number; candidates: number; walked: number },
  ): Promise<{ keys: ItemKey[]; total: number | undefined }> {
    const query = sql`to_tsquery('simple', ${tsQuery})`;
    // A search within a swatch or OLED dark (the search page's filters) keeps the words' newest
    // postings by the shades they carry, read from the filter's own index of them (decisions 083,
    // 084). One within another colour, which the postings know nothing of, checks each against
    // the items in the cells around it, or against the item's palette when the colour is common
    // enough among the word's newest matches to walk them (decision 064).
    const otherColour = otherColourOf(filter);
    const byShades = this.keptByShades(filter);
    const within = otherColour
      ? async (words: string[]) => {
          const nearIds = await this.idsNearIfRare(otherColour, (size) => this.newestPosted(words, size), page);
          if (nearIds) return sql`item_id in (${nearIds})`;
          // Words with fewer postings than a walk reads: their rows read in the order of the
          // table's pages, through the words' index, cost less than each looked up in turn.
          if (await this.postingsFewerThan(words, page.walked)) return undefined;
          return nearColour(
            sql`(select colours from items where items.item_id = search_postings.item_id)`,
            otherColour,
          );
        }
      : byShades && (async () => byShades);
    const narrowed =
      !byShades &&
      ((filter.near !== undefined && !otherColour) || filter.dark || filter.tag !== undefined || filter.photoType);
    const posted = narrowed ? undefined : await this.postedMatches(tsQuery, page.candidates, within);
    // A word no wallpaper's words start with finds nothing: the postings or the catalogue's words
    // say so at once, where the search itself would look through every item for it.
    if (posted === 'none') return { keys: [], total: 0 };
    if (narrowed && !(await this.knowsWordsStartingWith(prefixesOf(tsQuery)))) return { keys: [], total: 0 };
    const rank = sql<number>`ts_rank(${items.search}, ${query})`.as('rank');
    // The newest `candidates` matches, with nothing that needs every match (a count over all of
    // them would): without the postings, for a common word the planner walks the newest-first
    // words and stops there.
    const matches =
      posted && 'ranked' in posted
        ? this.db.$with('matches', { itemId: items.itemId, rank: sql<number>`rank`.as('rank') }).as(posted.ranked)
        : this.db.$with('matches').as(
            posted
              ? this.db
                  .select({ itemId: items.itemId, rank })
                  .from(items)
                  .where(and(eq(items.published, true), sql`${items.itemId} in (${posted.ids})`))
              : this.db
                  .select({ itemId: items.itemId, rank })
                  .from(items)
                  .where(and(published(filter), sql`${items.search} @@ ${query}`))
                  .orderBy(desc(items.itemId))
                  .limit(page.candidates),
          );
    // Ranked and cut to the page before the items are read: the page's keys, not every candidate's.
    const ranked = this.db
      .$with('ranked')
      .as(
        this.db
          .select({ itemId: matches.itemId, rank: matches.rank })
          .from(matches)
          .orderBy(desc(matches.rank), desc(matches.itemId))
          .limit(page.limit)
          .offset(page.offset),
      );
    // The candidates counted once beside the page: a window over every candidate cost more.
    const found = await this.db
      .with(matches, ranked)
      .select({ item: itemKeyColumns, total: sql<number>`(select count(*) from ${matches})`.mapWith(Number) })
      .from(ranked)
      .innerJoin(items, eq(items.itemId, ranked.itemId))
      .orderBy(desc(ranked.rank), desc(items.itemId));
    return { keys: found.map((row) => row.item), total: found[0]?.total };
  }

  /**
   * The newest `candidates` items matching a query of toPrefixQuery's terms (`word:*` a prefix,
   * `word` whole, joined by ` & `), read from the postings newest first: 'none' when some term
   * matches no word at all, or undefined when the postings cannot name them at once. They can
   * for one term (the newest of each word it stands for, merged): `ranked`, a subquery of their
   * ids and ranks, each the sum of the ranks of the words it holds, as ts_rank ranks one term.
   * They can when one term's words have fewer than `candidates` postings in all: `ids`, those
   * items, each checked for the other terms. Otherwise (several common terms, or a prefix of
   * many words) every term is common and the GIN index intersects them best. `within` gives,
   * for the words whose postings are read, a condition on a posting that keeps only the items it
   * holds (a colour's by its `item_id`, decision 064; a swatch's or the dark ones' by its shades,
   * decision 083), or nothing when the items' own indexes are to find them instead.
   */
  private async postedMatches(
    tsQuery: string,
    candidates: number,
    within?: (words: string[]) => Promise<SQL | undefined>,
  ): Promise<{ ranked: SQL } | { ids: SQL } | 'none' | undefined> {
    const terms = termsOf(tsQuery);
    const counted = terms.length > 1;
    const rows = rowsOf<{ term: number; word: string; postings: number }>(
      await this.db.execute(sql`
        select term, word, ${
          counted
            ? sql`(select count(*) from (select 1 from search_postings where search_postings.word = words.word
                  limit ${candidates}) as capped)::int`
            : sql`0`
        } as postings
        from (${sql.join(
          terms.map(({ word, prefix }, term) =>
            prefix
              ? sql`select ${term}::int as term, word from search_posting_words(${word}, ${POSTED_PREFIX_WORDS + 1}) as word`
              : sql`select ${term}::int as term, ${word}::text as word`,
          ),
          sql` union all `,
        )}) as words`),
    );
    const groups = terms.map((_, term) => rows.filter((row) => row.term === term));
    if (groups.some((group) => group.length === 0 || (counted && group.every((row) => row.postings === 0))))
      return 'none';
    if (groups.some((group) => group.length > POSTED_PREFIX_WORDS)) return undefined;
    const postings = groups.map((group) => group.reduce((sum, row) => sum + row.postings, 0));
    const driver = postings.indexOf(Math.min(...postings));
    if (counted && postings[driver]! >= candidates) return undefined;
    const words = groups[driver]!.map((row) => row.word);
    const condition = within && (await within(words));
    if (within && !condition) return undefined;
    if (!counted) return { ranked: this.newestHoldingAny(words, candidates, condition) };
    const newest = this.newestPostings(words, candidates, condition);
    const wordsOf = (group: typeof rows) => textArray(group.map((row) => row.word));
    const others = groups
      .filter((_, term) => term !== driver)
      .map(
        (group) => sql`exists (select 1 from search_postings as other
          where other.word = any(${wordsOf(group)}) and other.item_id = posted.item_id)`,
      );
    return {
      ids: sql`select distinct posted.item_id from (${newest}) as posted where ${sql.join(others, sql` and `)}
        order by posted.item_id desc limit ${candidates}`,
    };
  }

  /**
   * Each word's newest `candidates` postings, with their ranks; with `kept`, only those it keeps.
   * A subquery a word, so the planner sees each word and walks its postings backwards.
   */
  private newestPostings(words: string[], candidates: number, kept?: SQL): SQL {
    return sql.join(
      words.map(
        (word) =>
          sql`(select item_id, rank from search_postings where word = ${word}::text ${kept && sql`and ${kept}`}
               order by item_id desc limit ${candidates})`,
      ),
      sql` union all `,
    );
  }

  /**
   * The newest `candidates` items holding any of these words, each ranked by the sum of the ranks of
   * those it holds: from the words' newest postings (an item among the newest of them all is among
   * the newest of each word it holds, so its ranks are all there to sum), only those `kept` keeps.
   */
  private newestHoldingAny(words: string[], candidates: number, kept?: SQL): SQL {
    const newest = this.newestPostings(words, candidates, kept);
    // One word's newest postings are already the candidates, each item once.
    if (words.length === 1) return newest;
    return sql`select item_id, sum(rank) as rank from (${newest}) as posted
      group by item_id order by item_id desc limit ${candidates}`;
  }

  /** How many published items a tsquery matches, counted up to `candidates`. */
  async countSearch(tsQuery: string, filter: CatalogueFilter, candidates: number): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await this.db.execute(
        sql`select count(*)::int as n from (select 1 from items where ${published(filter)}
            and search @@ to_tsquery('simple', ${tsQuery}) limit ${candidates}) as matches`,
      ),
    );
    return row?.n ?? 0;
  }

  /**
   * Words of the published items' names and tags spelled like `word`: where a search's 'did you
   * mean' looks for the word it was meant to be (search_words_like). First those one slip away,
   * which share a word with a letter left out (migration 0033: one slip in a short word leaves
   * few trigrams in common), then the trigram index's, with a lower bar than `similar` sets
   * (migration 0027); up to `limit` of each, the most alike first. It searches the catalogue's
   * words, not its items, so a word shared by a million names costs what a rare one does.
   */
  async wordsLike(word: string, limit: number): Promise<string[]> {
    const rows = rowsOf<{ word: string }>(
      await this.db.execute(sql`select word from search_words_like(${word}, ${limit}) as word`),
    );
    return rows.map((row) => row.word);
  }

  /**
   * Whether, for each of these words (letters and digits) that holds a letter, some published
   * item has a word starting with it (words only of digits, as names end in, are not kept).
   */
  private async knowsWordsStartingWith(words: string[]): Promise<boolean> {
    const checked = words.filter((word) => /\p{L}/u.test(word));
    if (checked.length === 0) return true;
    const [row] = rowsOf<{ known: boolean }>(
      await this.db.execute(
        sql`select ${sql.join(
          checked.map((word) => sql`exists (select 1 from search_words where word like ${`${word}%`})`),
          sql` and `,
        )} as known`,
      ),
    );
    return row?.known ?? true;
  }

  /**
   * Published items holding a word spelled like `text` (pg_trgm), closest first: the words are
   * found among the catalogue's words, then the newest `candidates` items holding any of them
   * (their keys, as `search` gives them).
   */
  async similar(
    text: string,
    filter: CatalogueFilter,
    page: { limit: number; offset: number; candidates: number; walked: number },
  ): Promise<ItemKey[]> {
    const spelled = await this.db
      .select({ word: searchWords.word })
      .from(searchWords)
      .where(sql`${text} <% ${searchWords.word}`)
      .orderBy(sql`word_similarity(${text}, ${searchWords.word}) desc`)
      .limit(SIMILAR_WORDS);
    if (spelled.length === 0) return [];
    // The words hold only letters and digits (the trigger splits on everything else).
    const anyOf = sql`to_tsquery('simple', ${spelled.map((row) => row.word).join(' | ')})`;
    const matching = sql`${items.search} @@ ${anyOf}`;
    // Within a colour that is not a swatch, as search reads it; within a swatch or OLED dark, from
    // the words' postings, as search reads them (decision 083).
    const otherColour = otherColourOf(filter);
    const nearIds =
      otherColour && (await this.idsNearIfRare(otherColour, (size) => this.newestListed({}, size, matching), page));
    const byShades = this.keptByShades(filter);
    const newest = byShades
      ? sql`select item_id from (${this.newestHoldingAny(
          spelled.map((row) => row.word),
          page.candidates,
          byShades,
        )}) as posted`
      : this.db
          .select({ itemId: items.itemId })
          .from(items)
          .where(
            and(
              published(nearIds ? { ...filter, near: undefined } : filter),
              nearIds && sql`${items.itemId} in (${nearIds})`,
              matching,
            ),
          )
          .orderBy(desc(items.itemId))
          .limit(page.candidates);
    return this.db
      .select(itemKeyColumns)
      .from(items)
      .where(sql`${items.itemId} in (${newest})`)
      .orderBy(sql`word_similarity(${text}, items_words(${items.name}, ${items.tags})) desc`, desc(items.itemId))
      .limit(page.limit)
      .offset(page.offset);
  }

  /**
   * Published items sharing tags with `source`: most shared tags first, then the dominant colour
   * nearest to its own (CIELAB), then newest. Only the newest `candidates` items sharing any tag
   * are ranked, so a common tag costs what a rare one does. Its tags and colour are written into
   * the query, so the planner weighs how common those tags are.
   */
  async likeItem(
    source: Pick<ItemRow, 'itemId' | 'tags' | 'media'>,
    page: { limit: number; candidates: number },
  ): Promise<ItemRow[]> {
    if (source.tags.length === 0) return [];
    const [l, a, b] = coloursOf(source.media) ?? [];
    const shared = sql.join(
      source.tags.map((tag) => sql`(tags @> array[${tag}::text])::int`),
      sql` + `,
    );
    const rows = rowsOf<{ item_id: string }>(
      await this.db.execute(sql`
        with candidates as (
          select item_id, tags, colours from items
          where published and tags && ${textArray(source.tags)} and item_id <> ${source.itemId}
          order by item_id desc limit ${page.candidates})
        select item_id from candidates
        order by ${shared} desc,
          sqrt(power(colours[1] - ${l ?? null}::float8, 2) + power(colours[2] - ${a ?? null}::float8, 2)
            + power(colours[3] - ${b ?? null}::float8, 2)) asc nulls last,
          item_id desc
        limit ${page.limit}`),
    );
    return this.byIdsInOrder(rows.map((row) => row.item_id));
  }

  /** A random handful of published items' ids, read from a sample of the table's pages rather than all of it. */
  async sampleIds(size: number): Promise<string[]> {
    // Sized by the planner's count of the rows, ten times what it needs: at a million items an
    // exact count took 160 ms, and the 1 % of the table's blocks read at the least 460 ms.
    const [planned] = rowsOf<{ rows: number }>(
      await this.db.execute(
        sql`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = 'items'::regclass`,
      ),
    );
    let percent = planned?.rows ? Math.min(100, ((size * 10) / planned.rows) * 100) : 100;
    for (;;) {
      const rows = rowsOf<{ item_id: string }>(
        await this.db.execute(
          sql`select item_id from items tablesample system (${sql.raw(percent.toPrecision(3))})
              where published order by random() limit ${size}`,
        ),
      );
      // A share that held too few (blocks of drafts, or a count behind the table) is read again, larger.
      if (rows.length >= size || percent >= 100) return rows.map((row) => row.item_id);
      percent = Math.min(100, percent * 4);
    }
  }

  /**
   * Published items newest first in pages of ids and dates, for the sitemap; never all in memory.
   * `from` skips that many of the newest (one step on the index), `upTo` stops after that many.
   */
  async *publishedIdsNewestFirst(
    pageSize: number,
    range: { from?: number; upTo?: number } = {},
  ): AsyncGenerator<{ itemId: string; name: string; createdAt: Date; updatedAt: Date }[]> {
    let after: string | undefined;
    let left = range.upTo ?? Infinity;
    while (left > 0) {
      const size = Math.min(pageSize, left);
      const rows = await this.db
        .select({ itemId: items.itemId, name: items.name, createdAt: items.createdAt, updatedAt: items.updatedAt })
        .from(items)
        .where(and(eq(items.published, true), after === undefined ? undefined : lt(items.itemId, after)))
        .orderBy(desc(items.itemId))
        .offset(after === undefined ? (range.from ?? 0) : 0)
        .limit(size);
      if (rows.length) yield rows;
      if (rows.length < size) return;
      left -= rows.length;
      after = rows.at(-1)!.itemId;
    }
  }

  /**
   * Refreshes the planner's statistics of the items table, which choose between the search
   * index and the newest-first index, and files the GIN indexes' pending entries, which the
   * next writes would otherwise stop to file; marks the postings' pages all visible, so a word's
   * newest postings, a tag's, and a tag's under a swatch are read from their index alone. PostgreSQL's autovacuum does this on a server as
   * rows change; after a bulk load it is worth doing at once.
   */
  async vacuum(): Promise<void> {
    await this.db.execute(sql`vacuum analyze items, search_postings, tag_postings, swatch_postings, palette_cells`);
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(items);
    return row?.n ?? 0;
  }

  async insert(rows: NewItemRow[], executor: Database = this.db): Promise<void> {
    await executor.insert(items).values(rows.map((row) => ({ ...row, colours: coloursOf(row.media) })));
  }

  /**
   * Copies of `templateIds`' rows, taken in turn, under new ids and names: the database writes
   * them in one statement, so a catalogue of a million items is loaded in minutes. `tags`
   * replaces the copies' tags; `colourSpread` moves each copy's palette coordinates (what the
   * colour filters read) by up to that much in CIELAB, as distinct pictures would differ.
   */
  async insertCopies(
    templateIds: string[],
    copies: { itemId: string; name: string }[],
    options: { tags?: string[] | undefined; colourSpread?: number | undefined } = {},
  ): Promise<void> {
    const { tags, colourSpread = 0 } = options;
    const replacedTags = tags
      ? sql`array(select jsonb_array_elements_text(${JSON.stringify(tags)}::jsonb))`
      : sql`template.tags`;
    await this.db.execute(sql`
      insert into items (item_id, name, price_cents, free_download, stars, photo_type, tags, thumbnail, preview,
        image_list, downloads, media, colours, published)
      select copy.value ->> 'itemId', copy.value ->> 'name', template.price_cents, template.free_download,
        template.stars, template.photo_type, ${replacedTags}, template.thumbnail, template.preview,
        template.image_list, template.downloads, template.media,
        array(select value + (random() * 2 - 1) * ${colourSpread} from unnest(template.colours) with ordinality
              as colour(value, n) order by n)::real[],
        template.published
      from jsonb_array_elements(${JSON.stringify(copies)}::jsonb) with ordinality as copy(value, n)
      join (select *, row_number() over (order by item_id) as k from items
            where item_id in (select jsonb_array_elements_text(${JSON.stringify(templateIds)}::jsonb))) as template
        on template.k = 1 + (copy.n - 1) % ${templateIds.length}`);
  }

  /**
   * Changes an item and bumps its version, which it returns; undefined when there is no such item. `media` names only
   * the fields it changes, merged into the stored ones by the database in the same statement, so
   * two writers of different fields (a job's clip, an admin's focal point) never undo each other.
   */
  async update(itemId: string, change: ItemChange, executor: Database = this.db): Promise<number | undefined> {
    const { media, ...set } = change;
    const [changed] = await executor
      .update(items)
      .set({
        ...set,
        ...(media && { media: sql`${items.media} || ${JSON.stringify(media)}::jsonb` }),
        ...(media?.palette && { colours: coloursOf(media as ItemMedia) }),
        version: sql`${items.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(items.itemId, itemId))
      .returning({ version: items.version });
    return changed?.version;
  }

  /** Items whose palette was never put in CIELAB, by id after `after` (made before the colour filters). */
  async withoutColours(after: string, limit: number): Promise<Pick<ItemRow, 'itemId' | 'media'>[]> {
    return this.db
      .select({ itemId: items.itemId, media: items.media })
      .from(items)
      .where(and(sql`${items.colours} is null`, gt(items.itemId, after)))
      .orderBy(asc(items.itemId))
      .limit(limit);
  }

  /** Ids of items made before the apps' images (no BL file), a page at a time in id order. */
  async withoutAppImages(after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ itemId: items.itemId })
      .from(items)
      .where(and(sql`not (${items.media} ? 'blurred')`, gt(items.itemId, after)))
      .orderBy(asc(items.itemId))
      .limit(limit);
    return rows.map((row) => row.itemId);
  }

  /** Puts an item's palette in CIELAB for the colour filters; what clients see does not change, nor does the version. */
  async storeColours(itemId: string, media: ItemMedia): Promise<void> {
    await this.db
      .update(items)
      .set({ colours: coloursOf(media) })
      .where(eq(items.itemId, itemId));
  }

  async remove(itemId: string): Promise<void> {
    await this.db.delete(items).where(eq(items.itemId, itemId));
  }

  /** Tells every process listening on `channel` (PostgreSQL's NOTIFY) that `payload` changed the catalogue. */
  async announce(channel: string, payload: string): Promise<void> {
    await this.db.execute(sql`select pg_notify(${channel}, ${payload})`);
  }

  /**
   * Published item ids ranked by their downloads since `since`, plus `purchaseWeight` for each
   * paid purchase since then; items without activity are left out.
   */
  async mostActive(since: Date, purchaseWeight: number, limit: number): Promise<string[]> {
    const activity = this.db.$with('activity').as(
      this.db
        .select({ itemId: itemDownloadsDaily.itemId, score: sql<number>`${itemDownloadsDaily.downloads}`.as('score') })
        .from(itemDownloadsDaily)
        .where(sql`${itemDownloadsDaily.day} >= ${since.toISOString().slice(0, 10)}::date`)
        .unionAll(
          this.db
            .select({ itemId: orderLines.itemId, score: sql<number>`${purchaseWeight}`.as('score') })
            .from(orderLines)
            .innerJoin(orders, eq(orders.id, orderLines.orderId))
            .where(and(eq(orders.status, 'paid'), sql`${orders.paidAt} >= ${since}`)),
        ),
    );
    const ranked = await this.db
      .with(activity)
      .select({ itemId: activity.itemId })
      .from(activity)
      .innerJoin(items, eq(items.itemId, activity.itemId))
      .where(eq(items.published, true))
      .groupBy(activity.itemId)
      .orderBy(sql`sum(${activity.score}) desc`, desc(activity.itemId))
      .limit(limit);
    return ranked.map((row) => row.itemId);
  }

  /** Counts a download (one row per item and UTC day), and whether an app made it. */
  async addDownload(itemId: string, source: DownloadSource): Promise<void> {
    const app = source === 'app' ? 1 : 0;
    await this.db
      .insert(itemDownloadsDaily)
      .values({ itemId, day: sql`(now() at time zone 'utc')::date`, downloads: 1, appDownloads: app })
      .onConflictDoUpdate({
        target: [itemDownloadsDaily.itemId, itemDownloadsDaily.day],
        set: {
          downloads: sql`${itemDownloadsDaily.downloads} + 1`,
          appDownloads: sql`${itemDownloadsDaily.appDownloads} + ${app}`,
        },
      });
  }

  /** Counts a view of a published item's page (one row per item and UTC day); another id counts nothing. */
  async addView(itemId: string): Promise<void> {
    await this.db.execute(sql`
      insert into item_views_daily (item_id, day, views)
      select item_id, (now() at time zone 'utc')::date, 1 from items where item_id = ${itemId} and published
      on conflict (item_id, day) do update set views = item_views_daily.views + 1`);
  }

  /** Live items without a card clip, with their files. */
  async liveWithoutPreview(): Promise<Pick<ItemRow, 'itemId' | 'downloads'>[]> {
    return this.db
      .select({ itemId: items.itemId, downloads: items.downloads })
      .from(items)
      .where(and(eq(items.photoType, 'live'), eq(items.preview, '')));
  }

  /** Every item's perceptual hash, for spotting near-duplicates among new sources. */
  async perceptualHashes(): Promise<{ itemId: string; phash: string }[]> {
    const rows = await this.db
      .select({ itemId: items.itemId, phash: sql<string | null>`${items.media}->>'phash'` })
      .from(items)
      .where(sql`${items.media} ? 'phash'`);
    return rows.filter((row): row is { itemId: string; phash: string } => row.phash !== null);
  }
}
