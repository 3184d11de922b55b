import type { ItemKey, ItemRow } from '../../db/schema.ts';
import { AnswerCache } from '../../shared/answer-cache.ts';

/**
 * Each item's JSON as one audience is shown it, kept under the item's key (id, version, time of
 * its last change) across the catalogue's versions, bounded by bytes (decision 076). A page of
 * keys reads the rows only of the items not shown since they last changed, and writes only
 * their JSON: the rows' bytes, their parsing and their objects are most of what a page of a
 * search costs the process. A write elsewhere in the catalogue leaves an item's JSON as it is;
 * a change of the item gives it a new key.
 */
export class ItemJsonCache<Audience extends string> {
  private readonly kept: AnswerCache<{ json: string }>;
  private readonly write: (row: ItemRow, audience: Audience) => string;
  private readonly rowsOf: (itemIds: string[]) => Promise<ItemRow[]>;
  private readonly looked: (hit: boolean) => void;

  constructor(deps: {
    maxBytes: number;
    /** The JSON of an item's row as `audience` is shown it. */
    write: (row: ItemRow, audience: Audience) => string;
    /** The rows of these items, in any order; an item gone since its key was read is left out. */
    rowsOf: (itemIds: string[]) => Promise<ItemRow[]>;
    /** Counts each item looked up: whether its JSON was kept. */
    looked?: (hit: boolean) => void;
  }) {
    // A string of JSON holds mostly one byte a character.
    this.kept = new AnswerCache(deps.maxBytes, ({ json }) => json.length);
    this.write = deps.write;
    this.rowsOf = deps.rowsOf;
    this.looked = deps.looked ?? (() => {});
  }

  /**
   * Each item's JSON beside its key, in the keys' order. An item changed since its key was read
   * is written as it is now (and kept under its new key); one deleted since is left out. A key
   * that carries its row is written from it, not read again.
   */
  async jsonOf<Key extends ItemKey & { row?: ItemRow }>(
    keys: Key[],
    audience: Audience,
  ): Promise<{ key: Key; json: string }[]> {
    const found = keys.map((key) => this.kept.get(keyOf(key, audience))?.json);
    for (const json of found) this.looked(json !== undefined);
    const missing = keys.filter((key, i) => found[i] === undefined && !key.row).map((key) => key.itemId);
    if (found.includes(undefined)) {
      const rows = new Map(missing.length ? (await this.rowsOf(missing)).map((row) => [row.itemId, row]) : []);
      keys.forEach((key, i) => {
        const row = found[i] === undefined ? (key.row ?? rows.get(key.itemId)) : undefined;
        if (!row) return;
        found[i] = this.write(row, audience);
        this.kept.set(keyOf(row, audience), { json: found[i] });
      });
    }
    return keys.flatMap((key, i) => (found[i] === undefined ? [] : [{ key, json: found[i] }]));
  }
}

const keyOf = (key: ItemKey, audience: string) => `${audience}:${key.itemId}:${key.version}:${key.updatedAt.getTime()}`;
