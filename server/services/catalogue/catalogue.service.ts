import { randomUUID } from 'node:crypto';
import { labOfHex, SWATCHES, type Lab } from '#contract/colour.ts';
import {
  POPULAR_MAX,
  type ColourFilter,
  type Item,
  type ItemListQuery,
  type PagingQuery,
  type WallpapersPageQuery,
} from '#contract/item.ts';
import { LIST_PAGE_SIZE, PHOTO_TYPES, RANKED_MATCHES, THEMES, type PhotoType } from '#contract/constants.ts';
import type { DownloadSource } from '#contract/reports.ts';
import {
  postedUnderTag,
  sortKeyOf,
  type CatalogueFilter,
  type ItemChange,
  type ItemsRepository,
  type ListedItem,
  type ListSamples,
  type SortKey,
  type TagTotal,
} from '../../db/repositories/items.repository.ts';
import type { Executor, RunInTransaction } from '../../db/repositories/transactions.ts';
import type { ItemKey, ItemRow, NewItemRow } from '../../db/schema.ts';
import { answerBytes, prepareAnswer, type ListPosition, type PreparedAnswer } from '../../shared/prepared-answer.ts';
import { AnswerCache } from '../../shared/answer-cache.ts';
import { recordTimings, timed } from '../../shared/server-timing.ts';
import { decodeListCursor, decodeRankCursor, encodeCursor } from './catalogue-cursor.ts';
import { ItemJsonCache } from './item-json-cache.ts';
import { toPublicItem, type ItemAudience, type ItemLinks } from './item-view.ts';
import { NO_METRICS, type Metrics } from '../../providers/metrics/metrics.ts';
import { jobKeys } from '../../shared/job-kinds.ts';
import type { JobQueue } from '../platform/job-queue.ts';
import { closestWord, wordsOf } from './spelling.ts';
import type { ColourPage, ColourPageRequest } from './colour-index.ts';

/**
 * The old clients name themes by their route ('Painting' for anime, 'City' for minimalistic).
 * Such a name finds its theme unless some published item carries that tag itself.
 */
const THEME_ALIASES = new Map<string, string>(
  THEMES.map((theme) => [theme.path.slice(1), theme.tag] as const).filter(([alias, tag]) => alias !== tag),
);

/** The old listing's catalogue name for everything. */
const ALL_CATALOGUES = new Set(['', 'wallpapers']);

/** What makes an item popular: downloads and purchases of the last 30 days; a purchase counts as this many downloads. */
const POPULAR_WINDOW_DAYS = 30;
const PURCHASE_WEIGHT = 5;

/**
 * How far a colour's list walks, newest first, for its candidates before it looks them up
 * another way. A colour that is not a swatch samples a fiftieth of it, and walks (this far at least)
 * when the sample says the walk is cheaper than reading the cells around it (decision 063); a
 * search within such a colour samples the same way, and keeps to the words' GIN index for words
 * with fewer postings than this (decision 064).
 */
export const COLOUR_WALK = 10 * RANKED_MATCHES;

/** The share of the catalogue's cache (CATALOGUE_CACHE_MB) that keeps each item's JSON; the answers have the rest. */
const ITEM_JSON_SHARE = 1 / 8;

/** Every list answer stays under this size: a page holds as many of its items as fit, the rest start the next. */
export const MAX_ANSWER_BYTES = 256 * 1024;

/** JSON already written, sent as it is. */
class JsonText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** `count` of the values (all of them when fewer), each once, in a random order (a partial Fisher–Yates shuffle). */
function pickAtRandom<T>(values: T[], count: number): T[] {
  const picked = [...values];
  const wanted = Math.max(0, Math.min(count, picked.length));
  for (let i = 0; i < wanted; i++) {
    const j = i + Math.floor(Math.random() * (picked.length - i));
    [picked[i], picked[j]] = [picked[j]!, picked[i]!];
  }
  return picked.slice(0, wanted);
}

/**
 * How many of the items, from the first, fit in a JSON array of MAX_ANSWER_BYTES (always at
 * least one), and that array.
 */
function fitting(written: { json: string }[]): { shown: number; body: JsonText } {
  let bytes = 2;
  let shown = 0;
  for (const { json } of written) {
    bytes += Buffer.byteLength(json) + 1;
    if (bytes > MAX_ANSWER_BYTES && shown > 0) break;
    shown++;
  }
  const shownJson = written.slice(0, shown).map(({ json }) => json);
  return { shown, body: new JsonText(`[${shownJson.join(',')}]`) };
}

/** An answer made by `make`, holding how long each phase of its making took (`Server-Timing`). */
async function madeTimed<T extends { answer: PreparedAnswer }>(make: () => Promise<T>): Promise<T> {
  const { result, timings } = await recordTimings(make);
  result.answer.timings = timings;
  return result;
}

/** Counts of a list are kept per catalogue version; beyond this many filters the counts start over. */
const MAX_KEPT_COUNTS = 1000;
/**
 * From this many (a list's items, or the tags' postings for every tag's count), a count from
 * before a change is shown while it is counted again: a total a change or two behind for a
 * moment, rather than the next visitor waiting for a count of hundreds of thousands of rows.
 */
const LAGGING_COUNT_FROM = 10_000;

/** A count at a catalogue version: being counted, or `settled`; `before`, the last one of an earlier version. */
interface KeptCount<T> {
  generation: number;
  counted: Promise<T>;
  settled?: T;
  before?: T;
}

/** What a count found, and whether that is a large count from before the last change. */
interface Counted<T> {
  value: T;
  lagging: boolean;
}

/** A tag of the published catalogue and how many items carry it, as `/api/items/tags` sends it. */
export type TagCount = Pick<TagTotal, 'tag' | 'count'>;

/** Every tag's counts are kept under this key. */
const EVERY_TAG = 'tags';

/** A page of a list before it becomes bytes. */
interface Page extends ListPosition {
  body: unknown;
  /** Made with a count from before the last change: sent, not kept, so the next answer has the new one. */
  lagging?: boolean;
}

/** A list's filter narrowed by the query's colour filters. */
const withColours = (filter: CatalogueFilter, query: ColourFilter): CatalogueFilter => ({
  ...filter,
  near: query.color === undefined ? undefined : labOfHex(query.color),
  dark: query.dark,
});

/** Tags are kept lower-case, trimmed and once each (decision 002). */
export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
}

/** Words of a search looked for at most. */
const MAX_QUERY_WORDS = 8;

const NUMBER = /^\p{N}+$/u;

/**
 * Turns free text into a tsquery of its words, each a prefix but numbers, which match whole:
 * 'peak 2' is Peak 2, not every peak numbered 2, 20–29, 200–299…; undefined when no word is left.
 */
export function toPrefixQuery(text: string): string | undefined {
  const words = wordsOf(text).slice(0, MAX_QUERY_WORDS);
  return words.length ? words.map((word) => (NUMBER.test(word) ? word : `${word}:*`)).join(' & ') : undefined;
}

/** Words of a search put right at most, and the wallpapers whose words each is compared with. */
const SPELLED_WORDS = 4;
const SPELLING_CANDIDATES = 20;

/**
 * How long after a write a colour index's pages are sent but not kept: the index hears of the
 * write on a connection of its own and reads it again in a few milliseconds (decision 098).
 */
const INDEX_SETTLE_MS = 1000;

/** The NOTIFY channel on which every process announces its catalogue writes. */
export const CATALOGUE_CHANGES_CHANNEL = 'catalogue_changed';

/**
 * The published catalogue (decision 025). Every read is one indexed query for one page, so
 * memory does not grow with the catalogue; the bytes of each answer are kept in a cache bounded
 * by size and keyed by the query and the catalogue's version. A write bumps the version,
 * rereads nothing, and is announced to the other processes on the same database.
 */
export class CatalogueService {
  private readonly answers: AnswerCache<PreparedAnswer>;
  /** Each item's JSON as it was last shown, across the catalogue's versions (decision 076). */
  private readonly itemJsonCache: ItemJsonCache<ItemAudience>;
  /** Answers being built: a burst of requests for one that is not ready shares one build. */
  private readonly building = new Map<string, Promise<PreparedAnswer>>();
  /** What each list's newest say before a colour is read from them, at this catalogue version (decision 090). */
  private readonly listSamples: ListSamples = new Map();
  /** How many items each filter finds, counted at a catalogue version. */
  private readonly counts = new Map<string, KeptCount<number>>();
  /** Every tag with its counts, under EVERY_TAG, counted at a catalogue version. */
  private readonly tagTotals = new Map<string, KeptCount<TagTotal[]>>();
  /** Bumped by every write, so an answer built from an older catalogue is never cached. */
  private generation = 0;
  private readonly items: ItemsRepository;
  private readonly inTransaction: RunInTransaction;
  /** An item as the web's answers show it, and as the old clients' paths show it (with its palette as tags). */
  private readonly views: Record<ItemAudience, (row: ItemRow) => Item>;
  /** Tells this process's own announcements apart from the others'. */
  private readonly instanceId = randomUUID();
  private readonly metrics: Metrics;
  private readonly jobs: Pick<JobQueue, 'enqueue'>;
  /** Where a colour picked freely is read, when a colour index runs (decision 098). */
  private readonly colourIndex:
    { page(request: ColourPageRequest): Promise<(ColourPage & { behind: boolean }) | undefined> } | undefined;
  /** When this process last made or heard of a write, which the colour index may not have read yet. */
  private changedAt = 0;
  /** The popular list's last random sample of published items' ids, and the next one being drawn. */
  private sample: string[] | undefined;
  private drawing: Promise<string[]> | undefined;

  constructor(deps: {
    items: ItemsRepository;
    inTransaction: RunInTransaction;
    cacheBytes: number;
    links: ItemLinks;
    metrics?: Metrics;
    /** Where a change queues the removal of the phone files of the item's older versions. */
    jobs: Pick<JobQueue, 'enqueue'>;
    colourIndex?: CatalogueService['colourIndex'];
  }) {
    this.items = deps.items;
    this.colourIndex = deps.colourIndex;
    this.jobs = deps.jobs;
    this.inTransaction = deps.inTransaction;
    this.metrics = deps.metrics ?? NO_METRICS;
    this.views = {
      web: (row) => toPublicItem(row, deps.links),
      'old-clients': (row) => toPublicItem(row, deps.links, 'old-clients'),
    };
    this.answers = new AnswerCache(deps.cacheBytes * (1 - ITEM_JSON_SHARE), answerBytes);
    this.itemJsonCache = new ItemJsonCache({
      maxBytes: deps.cacheBytes * ITEM_JSON_SHARE,
      write: (row, audience) => JSON.stringify(this.views[audience](row)),
      rowsOf: (itemIds) => timed('rows', () => this.items.byIds(itemIds)),
      looked: (hit) => this.metrics.cacheLookup('items', hit),
    });
  }

  /** Changes with every write this process makes or hears of. */
  get version(): number {
    return this.generation;
  }

  /** Whether an answer this service gave is still its answer: kept, and of the catalogue's version. */
  holds(answer: PreparedAnswer): boolean {
    return this.answers.holds(answer);
  }

  invalidate(): void {
    this.changedAt = Date.now();
    this.generation++;
    this.answers.clear();
    this.building.clear();
    this.listSamples.clear();
  }

  /** Drops this process's answers when another process announces a write. */
  hearAnnouncement(payload: string): void {
    if (payload !== this.instanceId) this.invalidate();
  }

  /**
   * Every write of what the store shows ends here (its items, the owner's banners): this
   * process's answers and pages go, and the other processes hear of it.
   */
  async changed(): Promise<void> {
    this.invalidate();
    await this.items.announce(CATALOGUE_CHANGES_CHANNEL, this.instanceId);
  }

  /**
   * An answer's JSON, built once per catalogue version (and once however many ask at once), with
   * how long its making took in each phase, for the first reply that sends it (`Server-Timing`).
   */
  private json(key: string, build: () => Promise<Page>): Promise<PreparedAnswer> {
    const cached = this.answers.get(key);
    this.metrics.cacheLookup('answers', cached !== undefined);
    if (cached) return Promise.resolve(cached);
    const pending = this.building.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const building = madeTimed(async () => {
      const { body, lagging, ...position } = await build();
      const json = body instanceof JsonText ? body.text : JSON.stringify(body);
      return { answer: prepareAnswer(Buffer.from(json), position), lagging };
    }).then(({ answer, lagging }) => {
      // An answer built from an older catalogue, or with an older count, is sent, not kept.
      if (generation === this.generation && !lagging) this.answers.set(key, answer);
      return answer;
    });
    this.building.set(key, building);
    const done = () => {
      if (this.building.get(key) === building) this.building.delete(key);
    };
    building.then(done, done);
    return building;
  }

  /** How many items a filter finds, and whether that is a large count from before the last change. */
  private async count(filter: CatalogueFilter): Promise<{ total: number; lagging: boolean }> {
    const ofTag = this.countedWithEveryTag(filter);
    if (ofTag !== undefined) return { total: ofTag, lagging: false };
    const { value, lagging } = await this.keptCount(
      this.counts,
      JSON.stringify(filter),
      () => this.items.countPublished(filter, filter.near && RANKED_MATCHES),
      (total) => total,
    );
    return { total: value, lagging };
  }

  /**
   * A tag's count (of one photo type) from every tag's counts, when those were counted at this
   * catalogue version: a store on a PostgreSQL server counts them once as it starts
   * (`tagCounts`), so a first visit to a tag's list does not count its postings again.
   */
  private countedWithEveryTag(filter: CatalogueFilter): number | undefined {
    const kept = this.tagTotals.get(EVERY_TAG);
    if (!postedUnderTag(filter) || kept?.generation !== this.generation || kept.settled === undefined) return undefined;
    const totals = kept.settled.find(({ tag }) => tag === filter.tag);
    if (!totals) return 0;
    return filter.photoType ? totals.byType[filter.photoType] : totals.count;
  }

  /**
   * A count kept in `kept` under `key` for the catalogue's version, counted when the version
   * changed; while one of `size` LAGGING_COUNT_FROM or more is counted again, the one from
   * before is answered.
   */
  private async keptCount<T>(
    kept: Map<string, KeptCount<T>>,
    key: string,
    countNow: () => Promise<T>,
    size: (value: T) => number,
  ): Promise<Counted<T>> {
    const large = (value: T | undefined): value is T => value !== undefined && size(value) >= LAGGING_COUNT_FROM;
    let entry = kept.get(key);
    if (entry?.generation !== this.generation) {
      const before = entry?.settled ?? entry?.before;
      // One large count at a time: writes in a row while one runs are counted by the next, not
      // each by a count of its own competing with them for the database.
      if (entry?.settled === undefined && large(before)) return { value: before, lagging: true };
      if (kept.size >= MAX_KEPT_COUNTS) kept.clear();
      const counting: KeptCount<T> = {
        generation: this.generation,
        counted: countNow(),
        ...(before !== undefined && { before }),
      };
      counting.counted.then(
        (value) => (counting.settled = value),
        () => kept.get(key) === counting && kept.delete(key),
      );
      kept.set(key, counting);
      entry = counting;
    }
    if (entry.settled === undefined && large(entry.before)) return { value: entry.before, lagging: true };
    return { value: await entry.counted, lagging: false };
  }

  /** A theme's old name stands for its tag, unless the catalogue uses that name as a tag of its own. */
  private async resolveTag(tag: string): Promise<string> {
    const alias = THEME_ALIASES.get(tag);
    return alias && !(await this.items.tagInUse(tag)) ? alias : tag;
  }

  /**
   * One page of a list in the query's order (nearest first when it asks for a colour), with the
   * cursor of the next and the list's total.
   */
  private async page(listFilter: CatalogueFilter, query: ItemListQuery, audience: ItemAudience = 'web'): Promise<Page> {
    const filter = withColours(listFilter, query);
    const sort = query.color === undefined ? query.sort : 'colour';
    const after = query.cursor === undefined ? undefined : decodeListCursor(query.cursor, sort);
    const paging = { limit: query.limit + 1, after, offset: after ? 0 : query.offset };
    const near = filter.near;
    const [listed, { total, lagging }] = await (near === undefined
      ? // The page and the list's count at once: a first visitor waits for the slower, not both.
        Promise.all([
          timed('keys', () => this.items.page({ filter, sort: query.sort, ...paging })),
          timed('count', () => this.count(filter)),
        ])
      : this.nearestPage({ ...filter, near }, paging));
    const written = await this.itemJsonCache.jsonOf(listed.slice(0, query.limit), audience);
    const { shown, body } = fitting(written);
    const last = written[shown - 1]?.key;
    return {
      body,
      next: listed.length > shown && last ? encodeCursor({ sort, key: sortKeyOf(sort, last) }) : undefined,
      total,
      lagging,
    };
  }

  /**
   * A colour's page, and its total from the same query: its newest candidates, counted as they
   * are ranked, so a colour that a theme holds few of is walked once, not again to count it.
   */
  private async nearestPage(
    filter: CatalogueFilter & { near: Lab },
    paging: { limit: number; after: SortKey | undefined; offset: number },
  ): Promise<[ListedItem[], { total: number; lagging: boolean }]> {
    const fromIndex = await this.fromColourIndex(filter, paging);
    if (fromIndex) return [fromIndex.keys, { total: fromIndex.total, lagging: fromIndex.lagging }];
    const { keys, total } = await timed('keys', () =>
      this.items.nearestPage({
        filter,
        candidates: RANKED_MATCHES,
        walked: COLOUR_WALK,
        samples: this.listSamples,
        ...paging,
      }),
    );
    if (total !== undefined || (paging.after === undefined && paging.offset === 0))
      return [keys, { total: total ?? 0, lagging: false }];
    // A page past the last candidate has no row to carry the total.
    return [keys, await this.count(filter)];
  }

  /**
   * A colour's page from the colour index when one runs; nothing when it does not answer, or
   * names an item taken down since (it is catching up). Sent but not kept (`lagging`) while the
   * index may not have read a write yet: it said so, or the write is younger than INDEX_SETTLE_MS.
   */
  private async fromColourIndex(
    filter: CatalogueFilter & { near: Lab },
    paging: { limit: number; after: SortKey | undefined; offset: number },
  ): Promise<{ keys: ListedItem[]; total: number; lagging: boolean } | undefined> {
    const index = this.colourIndex;
    if (!index) return undefined;
    const { near, ...kept } = filter;
    const after = paging.after as [number, string] | undefined;
    const page = await timed('index', () =>
      index.page({ near, filter: kept, candidates: RANKED_MATCHES, ...paging, after }),
    );
    if (!page) return undefined;
    const listed = await timed('rows', () => this.items.listedInOrder(page.items.map(({ itemId }) => itemId)));
    if (listed.length < page.items.length) return undefined;
    return {
      keys: listed.map((item, n) => ({ ...item, distance: page.items[n]!.distance })),
      total: page.total,
      lagging: page.behind || Date.now() - this.changedAt < INDEX_SETTLE_MS,
    };
  }

  private listKey(kind: string, query: ItemListQuery): string {
    const colours = `${query.color ?? ''}:${query.dark ?? ''}`;
    return `${kind}:${query.sort}:${colours}:${query.limit}:${query.cursor ?? `@${query.offset}`}`;
  }

  listJson(query: ItemListQuery): Promise<PreparedAnswer> {
    return this.json(this.listKey(`all:${query.photoType ?? ''}`, query), () =>
      this.page({ photoType: query.photoType }, query),
    );
  }

  byTagJson(tag: string, query: ItemListQuery): Promise<PreparedAnswer> {
    const wanted = tag.toLowerCase();
    return this.json(this.listKey(`tag:${wanted}:${query.photoType ?? ''}`, query), async () =>
      this.page({ tag: await this.resolveTag(wanted), photoType: query.photoType }, query),
    );
  }

  /** An old clients' path: its items carry their palettes as tags. */
  byPhotoTypeJson(photoType: PhotoType, query: ItemListQuery): Promise<PreparedAnswer> {
    return this.json(this.listKey(`type:${photoType}`, query), () => this.page({ photoType }, query, 'old-clients'));
  }

  /**
   * Every tag of the published catalogue with how many items carry it, most used first; in a
   * large catalogue, the counts from before the last change while they are counted again.
   */
  tagCounts(): Promise<Counted<TagTotal[]>> {
    const postings = (tags: TagTotal[]) => tags.reduce((sum, { count }) => sum + count, 0);
    return this.keptCount(this.tagTotals, EVERY_TAG, () => this.items.tagCounts(), postings);
  }

  /**
   * The counts of the lists a visitor starts from: every tag's, the whole catalogue's, each photo
   * type's, and of those the OLED-dark ones. A store on a PostgreSQL server makes them as it
   * starts, so the first visit to its home list does not count a million items. One at a time:
   * the visitors share the database with them.
   */
  async countLists(): Promise<void> {
    await this.tagCounts();
    for (const photoType of [undefined, ...PHOTO_TYPES])
      for (const dark of [undefined, true]) await this.count(withColours({ photoType }, { dark }));
  }

  /**
   * A page of each swatch, the whole catalogue's and the first theme's, asked of the colour index
   * and its rows read, once, as a process starts (decision 100): a process's first colour pages
   * ran that code for the first time, 30–50 ms where later ones took about 10. Neither the answers
   * nor their items' JSON are kept, which the process's memory would hold. Never on the database:
   * while the index does not answer, nothing is read.
   */
  async warmColourPages(): Promise<void> {
    for (const { hex } of SWATCHES)
      for (const tag of [undefined, THEMES[0].tag]) {
        const paging = { limit: LIST_PAGE_SIZE, after: undefined, offset: 0 };
        if (!(await this.fromColourIndex({ tag, near: labOfHex(hex) }, paging))) return;
      }
  }

  /** The newest published item of a catalogue (a tag, or a theme's old name). */
  async newestOf(catalog: string): Promise<Item | undefined> {
    const tag = await this.resolveTag(catalog.toLowerCase());
    const [newest] = await this.items.page({ filter: { tag }, sort: 'newest', limit: 1 });
    return newest && this.get(newest.itemId);
  }

  tagsJson(): Promise<PreparedAnswer> {
    return this.json('tags', async () => {
      const { value, lagging } = await this.tagCounts();
      return { body: value.map(({ tag, count }): TagCount => ({ tag, count })), lagging };
    });
  }

  /**
   * The Android app's paged listing, newest first, pages counted from 0: all items, or one
   * catalogue (a tag or a theme's name).
   */
  wallpapersPageJson(query: WallpapersPageQuery): Promise<PreparedAnswer> {
    const catalog = query.catalog.toLowerCase();
    return this.json(`page:${catalog}:${query.page}:${query.pageSize}`, async () => {
      const filter = ALL_CATALOGUES.has(catalog) ? {} : { tag: await this.resolveTag(catalog) };
      const [listed, { total: totalItems, lagging }] = await Promise.all([
        timed('keys', () =>
          this.items.page({ filter, sort: 'newest', limit: query.pageSize, offset: query.page * query.pageSize }),
        ),
        timed('count', () => this.count(filter)),
      ]);
      const written = await this.itemJsonCache.jsonOf(listed, 'old-clients');
      const totalPages = Math.ceil(totalItems / query.pageSize);
      const paging = { currentPage: query.page, totalPages, totalItems, hasMore: query.page + 1 < totalPages };
      // The items' JSON as it is kept, then the paging's fields after them.
      const items = written.map(({ json }) => json).join(',');
      return { body: new JsonText(`{"items":[${items}],${JSON.stringify(paging).slice(1)}`), lagging };
    });
  }

  /**
   * The most downloaded and bought published items of the last 30 days, topped up with a
   * random sample of the others when fewer than `limit` had any activity. Not cached: the
   * sample is meant to change.
   */
  async popularJson(limit: number): Promise<PreparedAnswer> {
    const since = new Date(Date.now() - POPULAR_WINDOW_DAYS * 24 * 60 * 60 * 1000);
    const { answer } = await madeTimed(async () => {
      const ranked = await timed('keys', () => this.items.mostActive(since, PURCHASE_WEIGHT, limit));
      const taken = new Set(ranked);
      const others =
        ranked.length < limit ? (await timed('sample', () => this.sampled())).filter((id) => !taken.has(id)) : [];
      const chosen = [...ranked, ...pickAtRandom(others, limit - ranked.length)];
      // The sample's items may have been taken down since it was drawn.
      const rows = (await timed('rows', () => this.items.byIdsInOrder(chosen))).filter((row) => row.published);
      return { answer: prepareAnswer(Buffer.from(JSON.stringify(rows.map(this.views['old-clients'])))) };
    });
    return answer;
  }

  /**
   * Published items' ids drawn at random for the popular list: the last draw, while the next is
   * drawn for the answer after. A draw reads blocks of the table at random, most of what the list
   * took (decision 108); only the first answer of a process waits for one. A draw that fails
   * leaves the last one, and fails an answer only when there is none.
   */
  private sampled(): Promise<string[]> {
    const draw = (this.drawing ??= this.items.sampleIds(POPULAR_MAX).finally(() => (this.drawing = undefined)));
    draw.then(
      (ids) => (this.sample = ids),
      () => {},
    );
    return this.sample ? Promise.resolve(this.sample) : draw;
  }

  /** Counts a download of an item for what is popular and the owner's report (one row per item and UTC day). */
  recordDownload(itemId: string, source: DownloadSource = 'web'): Promise<void> {
    return this.items.addDownload(itemId, source);
  }

  /** Counts a view of a published item's page, for the owner's conversion figures. */
  recordView(itemId: string): Promise<void> {
    return this.items.addView(itemId);
  }

  /** The published item at a position of the newest-first list (the carousel's index). */
  async atIndex(index: number): Promise<Item | undefined> {
    const [atIndex] = await this.items.page({ filter: {}, sort: 'newest', limit: 1, offset: index });
    return atIndex && this.get(atIndex.itemId);
  }

  async get(itemId: string): Promise<Item | undefined> {
    const row = await this.items.published(itemId);
    return row && this.views.web(row);
  }

  /** The item's JSON, or undefined when no published item has that id. */
  async itemJson(itemId: string): Promise<PreparedAnswer | undefined> {
    const key = `item:${itemId}`;
    const cached = this.answers.get(key);
    if (cached) return cached;
    const item = await this.get(itemId);
    return item && this.json(key, async () => ({ body: item }));
  }

  /** Wallpapers like a published one, by the tags they share (most first), as one cached answer. */
  async likeJson(itemId: string, limit: number): Promise<PreparedAnswer | undefined> {
    const source = await this.items.published(itemId);
    if (!source) return undefined;
    return this.json(`like:${itemId}:${limit}`, async () => ({
      body: (await this.items.likeItem(source, { limit, candidates: RANKED_MATCHES })).map(this.views.web),
    }));
  }

  /** Published items newest first, page by page (the sitemap); never the whole catalogue at once. */
  publishedPages(
    pageSize: number,
    range?: { from?: number; upTo?: number },
  ): AsyncGenerator<{ itemId: string; name: string; createdAt: Date; updatedAt: Date }[]> {
    return this.items.publishedIdsNewestFirst(pageSize, range);
  }

  /** How many items are published (counted once per catalogue version). */
  async countPublished(): Promise<number> {
    return (await this.count({})).total;
  }

  /**
   * Full-text search over names and tags, best match first, paged. When the words match nothing,
   * names and tags spelled like them are found instead (one page, closest first).
   */
  searchJson(
    text: string,
    paging: PagingQuery & ColourFilter,
    audience: ItemAudience = 'web',
  ): Promise<PreparedAnswer> {
    const query = toPrefixQuery(text);
    if (!query) return Promise.resolve(prepareAnswer(Buffer.from('[]'), { total: 0 }));
    const skip = paging.cursor === undefined ? paging.offset : decodeRankCursor(paging.cursor);
    const filter = withColours({}, paging);
    const colours = `${paging.color ?? ''}:${paging.dark ?? ''}`;
    const written = (keys: ItemKey[]) => this.itemJsonCache.jsonOf(keys, audience);
    return this.json(`search:${audience}:${query}:${colours}:${paging.limit}:${skip}`, async () => {
      const { keys, total } = await timed('keys', () =>
        this.items.search(query, filter, {
          limit: paging.limit + 1,
          offset: skip,
          candidates: RANKED_MATCHES,
          walked: COLOUR_WALK,
        }),
      );
      if (keys.length === 0 && skip === 0) {
        const suggestion = await timed('spelling', () => this.didYouMean(text));
        const meant = suggestion && toPrefixQuery(suggestion);
        if (meant) {
          const corrected = await timed('keys', () =>
            this.items.search(meant, filter, {
              limit: paging.limit,
              offset: 0,
              candidates: RANKED_MATCHES,
              walked: COLOUR_WALK,
            }),
          );
          if (corrected.keys.length > 0)
            return {
              body: fitting(await written(corrected.keys)).body,
              total: corrected.total ?? corrected.keys.length,
              suggestion,
            };
        }
        const near = await timed('keys', () =>
          this.items.similar(text.trim().toLowerCase(), filter, {
            limit: paging.limit,
            offset: 0,
            candidates: RANKED_MATCHES,
            walked: COLOUR_WALK,
          }),
        );
        return { body: fitting(await written(near)).body, total: near.length };
      }
      const page = await written(keys.slice(0, paging.limit));
      const { shown, body } = fitting(page);
      // Past the last one shown, counting any item deleted since its key was read.
      const last = page[shown - 1];
      const through = last ? keys.indexOf(last.key) + 1 : 0;
      return {
        body,
        next: keys.length > through ? encodeCursor({ sort: 'rank', skip: skip + through }) : undefined,
        // A page past the end has no row to carry the count.
        total: total ?? (await this.items.countSearch(query, filter, RANKED_MATCHES)),
      };
    });
  }

  /**
   * The search the visitor probably meant when theirs found nothing: each word put right from
   * the words of the wallpapers spelled most like it ('moutains' → 'mountains'), or undefined
   * when no word needed it or one could not be put right.
   */
  private async didYouMean(text: string): Promise<string | undefined> {
    const words = wordsOf(text).slice(0, SPELLED_WORDS);
    const meant = await Promise.all(
      words.map(async (word) => {
        const known = [...new Set((await this.items.wordsLike(word, SPELLING_CANDIDATES)).flatMap(wordsOf))];
        return closestWord(word, known);
      }),
    );
    if (meant.some((word) => word === undefined) || meant.every((word, i) => word === words[i])) return undefined;
    return meant.join(' ');
  }

  countAll(): Promise<number> {
    return this.items.count();
  }

  /** Keeps the query planner's picture of the catalogue true after it grew or changed a lot. */
  refreshStatistics(): Promise<void> {
    return this.items.vacuum();
  }

  /** Copies of these items, taken in turn, under new ids and names: a large catalogue in bulk. */
  insertCopies(
    templateIds: string[],
    copies: { itemId: string; name: string }[],
    options: { tags?: string[] | undefined; colourSpread?: number | undefined } = {},
  ): Promise<void> {
    return this.items.insertCopies(templateIds, copies, {
      ...options,
      tags: options.tags && normaliseTags(options.tags),
    });
  }

  /** Inserts items; `alongside` writes in the same transaction (an outbox job that follows them). */
  async insert(rows: NewItemRow[], alongside?: (tx: Executor) => Promise<void>): Promise<void> {
    if (rows.length === 0) return;
    await this.inTransaction(async (tx) => {
      await this.items.insert(
        rows.map((row) => ({ ...row, tags: normaliseTags(row.tags ?? []) })),
        tx,
      );
      await alongside?.(tx);
    });
    await this.changed();
  }

  /**
   * Changes an item and bumps its version; false when there is no such item. Phone files are
   * kept per version, so the older ones are queued for removal with the change; `alongside`
   * writes in the same transaction (the admin log's entry of the change).
   */
  async update(itemId: string, change: ItemChange, alongside?: (tx: Executor) => Promise<void>): Promise<boolean> {
    const version = await this.inTransaction(async (tx) => {
      const bumped = await this.items.update(
        itemId,
        { ...change, ...(change.tags && { tags: normaliseTags(change.tags) }) },
        tx,
      );
      if (bumped === undefined) return undefined;
      await this.jobs.enqueue(
        {
          kind: 'stale-phone-files',
          key: jobKeys.stalePhoneFiles(itemId, bumped),
          payload: { itemId, version: bumped },
        },
        tx,
      );
      await alongside?.(tx);
      return bumped;
    });
    await this.changed();
    return version !== undefined;
  }

  async remove(itemId: string): Promise<void> {
    await this.items.remove(itemId);
    await this.changed();
  }

  /** The newest published rows, as stored. */
  async newestRows(limit: number): Promise<ItemRow[]> {
    const newest = await this.items.page({ filter: {}, sort: 'newest', limit });
    return this.items.byIdsInOrder(newest.map((item) => item.itemId));
  }

  findRow(itemId: string): Promise<ItemRow | undefined> {
    return this.items.byId(itemId);
  }

  /** The stored rows of these items (published or not), for checkout to price from. */
  findRows(itemIds: string[]): Promise<ItemRow[]> {
    return this.items.byIds(itemIds);
  }
}
