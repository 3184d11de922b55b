import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Item, ItemListQuery, ItemSort } from '../../contract/item.ts';
import type { PhotoType } from '../../contract/constants.ts';
import type { Database } from '../db/client.ts';
import { itemColumns, items, type ItemRow, type NewItemRow } from '../db/schema.ts';
import { toPublicItem } from './item-view.ts';

interface Snapshot {
  newest: Item[];
  byId: Map<string, Item>;
  bySort: Map<ItemSort, Item[]>;
}

const COMPARATORS: Record<Exclude<ItemSort, 'newest'>, (a: Item, b: Item) => number> = {
  oldest: (a, b) => (a.itemId < b.itemId ? -1 : 1),
  'price-asc': (a, b) => a.price - b.price || (a.itemId < b.itemId ? 1 : -1),
  'price-desc': (a, b) => b.price - a.price || (a.itemId < b.itemId ? 1 : -1),
  name: (a, b) => a.name.localeCompare(b.name, 'en'),
};

/** How many distinct answers are kept as ready bytes; the rest are rebuilt from the snapshot. */
const RESPONSE_CACHE_SIZE = 512;

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
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, 8);
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
  private readonly responses = new Map<string, Buffer>();
  /** Bumped by every write, so an answer built from an older snapshot is never cached. */
  private generation = 0;
  private readonly db: Database;
  /** Tells this process's own announcements apart from the others'. */
  private readonly instanceId = randomUUID();

  constructor(db: Database) {
    this.db = db;
  }

  /** Changes with every write this process makes or hears of. */
  get version(): number {
    return this.generation;
  }

  invalidate(): void {
    this.generation++;
    this.snapshot = undefined;
    this.responses.clear();
  }

  /** Drops this process's copy when another process announces a write. */
  hearAnnouncement(payload: string): void {
    if (payload !== this.instanceId) this.invalidate();
  }

  /** Every write ends here: this process's copy goes, and the other processes hear of it. */
  private async changed(): Promise<void> {
    this.invalidate();
    await this.db.execute(sql`select pg_notify(${CATALOGUE_CHANGES_CHANNEL}, ${this.instanceId})`);
  }

  /** The JSON bytes of an answer, built once per snapshot. */
  private async json(key: string, build: (snapshot: Snapshot) => unknown): Promise<Buffer> {
    const cached = this.responses.get(key);
    if (cached) return cached;
    const generation = this.generation;
    const body = Buffer.from(JSON.stringify(await build(await this.load())));
    if (generation !== this.generation) return body;
    if (this.responses.size >= RESPONSE_CACHE_SIZE) {
      const oldest = this.responses.keys().next().value;
      if (oldest !== undefined) this.responses.delete(oldest);
    }
    this.responses.set(key, body);
    return body;
  }

  listJson(query: ItemListQuery): Promise<Buffer> {
    return this.json(`list:${listKey(query)}`, (s) => page(this.sorted(s, query.sort), query));
  }

  byTagJson(tag: string, query: ItemListQuery): Promise<Buffer> {
    const wanted = tag.toLowerCase();
    return this.json(`tag:${wanted}:${listKey(query)}`, (s) =>
      page(this.sorted(s, query.sort).filter((item) => item.tags.includes(wanted)), query),
    );
  }

  byPhotoTypeJson(photoType: PhotoType, query: ItemListQuery): Promise<Buffer> {
    return this.json(`type:${photoType}:${listKey(query)}`, (s) =>
      page(this.sorted(s, query.sort).filter((item) => item.photoType === photoType), query),
    );
  }

  /** Every published item, newest first (the order of the carousel's indexes). */
  async newest(): Promise<readonly Item[]> {
    return (await this.load()).newest;
  }

  async get(itemId: string): Promise<Item | undefined> {
    return (await this.load()).byId.get(itemId);
  }

  /** The item's JSON bytes, or undefined when no published item has that id. */
  async itemJson(itemId: string): Promise<Buffer | undefined> {
    if (!(await this.get(itemId))) return undefined;
    return this.json(`item:${itemId}`, (s) => s.byId.get(itemId));
  }

  /**
   * Full-text search over names and tags, best match first. Answers are kept like every other
   * catalogue answer: people search for the same few words, and a write drops them all.
   */
  async searchJson(text: string, limit: number): Promise<Buffer> {
    const query = toPrefixQuery(text);
    if (!query) return Buffer.from('[]');
    return this.json(`search:${limit}:${query}`, (snapshot) => this.search(query, limit, snapshot));
  }

  private async search(query: string, limit: number, snapshot: Snapshot): Promise<Item[]> {
    const tsQuery = sql`to_tsquery('simple', ${query})`;
    const rows = await this.db
      .select({ itemId: items.itemId })
      .from(items)
      .where(and(eq(items.published, true), sql`${items.search} @@ ${tsQuery}`))
      .orderBy(sql`ts_rank(${items.search}, ${tsQuery}) desc`, desc(items.itemId))
      .limit(limit);
    return rows.map((row) => snapshot.byId.get(row.itemId)).filter((item) => item !== undefined);
  }

  async countAll(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(items);
    return row?.n ?? 0;
  }

  async insert(rows: NewItemRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insert(items).values(rows.map((row) => ({ ...row, tags: normaliseTags(row.tags ?? []) })));
    await this.changed();
  }

  async update(itemId: string, set: Partial<NewItemRow>): Promise<boolean> {
    const changed = await this.db
      .update(items)
      .set({ ...set, ...(set.tags && { tags: normaliseTags(set.tags) }), updatedAt: new Date() })
      .where(eq(items.itemId, itemId))
      .returning({ itemId: items.itemId });
    await this.changed();
    return changed.length > 0;
  }

  async remove(itemId: string): Promise<void> {
    await this.db.delete(items).where(eq(items.itemId, itemId));
    await this.changed();
  }

  async findRow(itemId: string): Promise<ItemRow | undefined> {
    const [row] = await this.db.select(itemColumns).from(items).where(eq(items.itemId, itemId));
    return row;
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
    const rows = await this.db.select(itemColumns).from(items).where(eq(items.published, true)).orderBy(desc(items.itemId));
    const newest = rows.map(toPublicItem);
    return { newest, byId: new Map(newest.map((item) => [item.itemId, item])), bySort: new Map() };
  }
}
