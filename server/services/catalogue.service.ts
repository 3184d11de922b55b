import { randomUUID } from 'node:crypto';
import type { Item, ItemListQuery, ItemSort, WallpapersPageQuery } from '../../contract/item.ts';
import { THEMES, type PhotoType } from '../../contract/constants.ts';
import type { Database } from '../db/client.ts';
import type { ItemsRepository } from '../db/repositories/items.repository.ts';
import type { RunInTransaction } from '../db/repositories/transactions.ts';
import type { ItemRow, NewItemRow } from '../db/schema.ts';
import { prepareAnswer, type PreparedAnswer } from '../shared/prepared-answer.ts';
import { AnswerCache } from './answer-cache.ts';
import { toPublicItem } from './item-view.ts';

interface Snapshot {
  newest: Item[];
  byId: Map<string, Item>;
  bySort: Map<ItemSort, Item[]>;
  /** How many published items carry each tag. */
  tagCounts: Map<string, number>;
}

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

const COMPARATORS: Record<Exclude<ItemSort, 'newest'>, (a: Item, b: Item) => number> = {
  oldest: (a, b) => (a.itemId < b.itemId ? -1 : 1),
  'price-asc': (a, b) => a.price - b.price || (a.itemId < b.itemId ? 1 : -1),
  'price-desc': (a, b) => b.price - a.price || (a.itemId < b.itemId ? 1 : -1),
  name: (a, b) => a.name.localeCompare(b.name, 'en'),
};

const listKey = (query: ItemListQuery) => `${query.sort}:${query.offset}:${query.limit ?? ''}`;

function page(items: Item[], query: ItemListQuery): Item[] {
  return items.slice(query.offset, query.limit === undefined ? undefined : query.offset + query.limit);
}

/** Tags are kept lower-case, trimmed and once each (decision 002). */
export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
}

/** Turns free text into a prefix tsquery of its words; undefined when no word is left. */
export function toPrefixQuery(text: string): string | undefined {
  const words = text
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 8);
  return words?.length ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}

/** The NOTIFY channel on which every process announces its catalogue writes. */
export const CATALOGUE_CHANGES_CHANNEL = 'catalogue_changed';

/**
 * The published catalogue. Reads are served from an in-memory snapshot, and the JSON of each
 * answer is kept as bytes, so browsing rarely touches the database; every write goes through
 * this service, drops both, and is announced to the other processes on the same database.
 */
export class CatalogueService {
  private snapshot: Promise<Snapshot> | undefined;
  private readonly answers: AnswerCache;
  /** Answers being built: a burst of requests for one that is not ready shares one build. */
  private readonly building = new Map<string, Promise<PreparedAnswer>>();
  /** Bumped by every write, so an answer built from an older snapshot is never cached. */
  private generation = 0;
  private readonly items: ItemsRepository;
  private readonly inTransaction: RunInTransaction;
  /** Tells this process's own announcements apart from the others'. */
  private readonly instanceId = randomUUID();

  constructor(deps: { items: ItemsRepository; inTransaction: RunInTransaction; cacheBytes: number }) {
    this.items = deps.items;
    this.inTransaction = deps.inTransaction;
    this.answers = new AnswerCache(deps.cacheBytes);
  }

  /** Changes with every write this process makes or hears of. */
  get version(): number {
    return this.generation;
  }

  invalidate(): void {
    this.generation++;
    this.snapshot = undefined;
    this.answers.clear();
    this.building.clear();
  }

  /** Drops this process's copy when another process announces a write. */
  hearAnnouncement(payload: string): void {
    if (payload !== this.instanceId) this.invalidate();
  }

  /** Every write ends here: this process's copy goes, and the other processes hear of it. */
  private async changed(): Promise<void> {
    this.invalidate();
    await this.items.announce(CATALOGUE_CHANGES_CHANNEL, this.instanceId);
  }

  /** An answer's JSON, compressed, built once per catalogue version (and once however many ask at once). */
  private json(key: string, build: (snapshot: Snapshot) => unknown): Promise<PreparedAnswer> {
    const cached = this.answers.get(key);
    if (cached) return Promise.resolve(cached);
    const pending = this.building.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const building = this.load()
      .then(async (snapshot) => prepareAnswer(Buffer.from(JSON.stringify(await build(snapshot)))))
      .then((answer) => {
        // An answer built from an older catalogue is sent, not kept.
        if (generation === this.generation) this.answers.set(key, answer);
        return answer;
      });
    this.building.set(key, building);
    const done = () => {
      if (this.building.get(key) === building) this.building.delete(key);
    };
    building.then(done, done);
    return building;
  }

  listJson(query: ItemListQuery): Promise<PreparedAnswer> {
    return this.json(`list:${listKey(query)}`, (s) => page(this.sorted(s, query.sort), query));
  }

  byTagJson(tag: string, query: ItemListQuery): Promise<PreparedAnswer> {
    const wanted = tag.toLowerCase();
    return this.json(`tag:${wanted}:${listKey(query)}`, (s) => {
      const resolved = resolveTag(s, wanted);
      return page(
        this.sorted(s, query.sort).filter((item) => item.tags.includes(resolved)),
        query,
      );
    });
  }

  /** Every tag of the published catalogue with how many items carry it, most used first. */
  tagsJson(): Promise<PreparedAnswer> {
    return this.json('tags', (s) =>
      [...s.tagCounts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1)).map(([tag, count]) => ({ tag, count })),
    );
  }

  /** The Android app's paged listing, newest first: all items, or one catalogue (a tag or a theme's name). */
  wallpapersPageJson(query: WallpapersPageQuery): Promise<PreparedAnswer> {
    const catalog = query.catalog.toLowerCase();
    return this.json(`page:${catalog}:${query.page}:${query.pageSize}`, (s) => {
      const tag = resolveTag(s, catalog);
      const all = ALL_CATALOGUES.has(catalog) ? s.newest : s.newest.filter((item) => item.tags.includes(tag));
      const totalPages = Math.ceil(all.length / query.pageSize);
      return {
        items: all.slice((query.page - 1) * query.pageSize, query.page * query.pageSize),
        currentPage: query.page,
        totalPages,
        totalItems: all.length,
        hasMore: query.page < totalPages,
      };
    });
  }

  /**
   * The most downloaded and bought published items of the last 30 days, topped up with a
   * random sample of the others when fewer than `limit` had any activity. Not cached: the
   * sample is meant to change.
   */
  async popularJson(limit: number): Promise<PreparedAnswer> {
    const snapshot = await this.load();
    const since = new Date(Date.now() - POPULAR_WINDOW_DAYS * 24 * 60 * 60 * 1000);
    const ranked = await this.items.mostActive(since, PURCHASE_WEIGHT, limit);
    const chosen = ranked.map((itemId) => snapshot.byId.get(itemId)).filter((item) => item !== undefined);
    const taken = new Set(chosen.map((item) => item.itemId));
    const others = snapshot.newest.filter((item) => !taken.has(item.itemId));
    while (chosen.length < limit && others.length) {
      const [picked] = others.splice(Math.floor(Math.random() * others.length), 1);
      chosen.push(picked!);
    }
    return prepareAnswer(Buffer.from(JSON.stringify(chosen)));
  }

  /** Counts a download of an item for what is popular (one row per item and UTC day). */
  recordDownload(itemId: string): Promise<void> {
    return this.items.addDownload(itemId);
  }

  byPhotoTypeJson(photoType: PhotoType, query: ItemListQuery): Promise<PreparedAnswer> {
    return this.json(`type:${photoType}:${listKey(query)}`, (s) =>
      page(
        this.sorted(s, query.sort).filter((item) => item.photoType === photoType),
        query,
      ),
    );
  }

  /** Every published item, newest first (the order of the carousel's indexes). */
  async newest(): Promise<readonly Item[]> {
    return (await this.load()).newest;
  }

  async get(itemId: string): Promise<Item | undefined> {
    return (await this.load()).byId.get(itemId);
  }

  /** The item's JSON, or undefined when no published item has that id. */
  async itemJson(itemId: string): Promise<PreparedAnswer | undefined> {
    if (!(await this.get(itemId))) return undefined;
    return this.json(`item:${itemId}`, (s) => s.byId.get(itemId));
  }

  /**
   * Full-text search over names and tags, best match first. Answers are kept like every other
   * catalogue answer: people search for the same few words, and a write drops them all.
   */
  async searchJson(text: string, limit: number): Promise<PreparedAnswer> {
    const query = toPrefixQuery(text);
    if (!query) return prepareAnswer(Buffer.from('[]'));
    return this.json(`search:${limit}:${query}`, (snapshot) => this.search(query, limit, snapshot));
  }

  private async search(query: string, limit: number, snapshot: Snapshot): Promise<Item[]> {
    const ids = await this.items.search(query, limit);
    return ids.map((itemId) => snapshot.byId.get(itemId)).filter((item) => item !== undefined);
  }

  countAll(): Promise<number> {
    return this.items.count();
  }

  /** Inserts items; `alongside` writes in the same transaction (an outbox job that follows them). */
  async insert(rows: NewItemRow[], alongside?: (tx: Database) => Promise<void>): Promise<void> {
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

  async update(itemId: string, set: Partial<NewItemRow>): Promise<boolean> {
    const changed = await this.items.update(itemId, { ...set, ...(set.tags && { tags: normaliseTags(set.tags) }) });
    await this.changed();
    return changed;
  }

  async remove(itemId: string): Promise<void> {
    await this.items.remove(itemId);
    await this.changed();
  }

  findRow(itemId: string): Promise<ItemRow | undefined> {
    return this.items.byId(itemId);
  }

  private sorted(snapshot: Snapshot, sort: ItemSort): Item[] {
    if (sort === 'newest') return snapshot.newest;
    let sorted = snapshot.bySort.get(sort);
    if (!sorted) {
      sorted = [...snapshot.newest].sort(COMPARATORS[sort]);
      snapshot.bySort.set(sort, sorted);
    }
    return sorted;
  }

  private load(): Promise<Snapshot> {
    this.snapshot ??= this.readSnapshot().catch((error: unknown) => {
      this.snapshot = undefined;
      throw error;
    });
    return this.snapshot;
  }

  private async readSnapshot(): Promise<Snapshot> {
    const newest = (await this.items.publishedNewestFirst()).map(toPublicItem);
    const tagCounts = new Map<string, number>();
    for (const tag of newest.flatMap((item) => item.tags)) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
    return { newest, byId: new Map(newest.map((item) => [item.itemId, item])), bySort: new Map(), tagCounts };
  }
}

/** A theme's old name stands for its tag, unless the catalogue uses that name as a tag of its own. */
function resolveTag(snapshot: Snapshot, tag: string): string {
  const alias = THEME_ALIASES.get(tag);
  return alias && !snapshot.tagCounts.has(tag) ? alias : tag;
}
