import { COLOUR_MATCH_DISTANCE, type Lab } from '#contract/colour.ts';
import { THEMES, type PhotoType } from '#contract/constants.ts';
import { cellOf, cellsAround, REACH } from '../../db/repositories/colour-cells.ts';
import type { IndexedColour, IndexedItem } from '../../db/repositories/palette-cells.repository.ts';

/**
 * The published palettes' colours held in memory, each cell of CIELAB (as palette_cells files
 * them) a list per theme and OLED darkness, oldest first, so a colour's newest matches are the
 * lists around it read from their ends (decisions 098 and 103). It answers what the cells' reads
 * on the database answer, the same matches with the same rounded distances: a colour's
 * newest `candidates` matching items, nearest first, then newest.
 */

/** What a list keeps besides its colour, as the catalogue's filters say. */
export interface ColourListFilter {
  tag?: string | undefined;
  photoType?: PhotoType | undefined;
  dark?: boolean | undefined;
}

export interface ColourPageRequest {
  near: Lab;
  filter?: ColourListFilter;
  candidates: number;
  limit: number;
  /** The keyset position after which the page starts: the last distance and item id shown. */
  after?: [number, string] | undefined;
  offset?: number | undefined;
}

export interface ColourPage {
  items: { itemId: string; distance: number }[];
  /** How many candidates the page was ranked among. */
  total: number;
}

/** '' and the themes, numbered as the lists are keyed. */
const THEME_CODES = ['', ...THEMES.map((theme) => theme.tag)];
const themeCode = (theme: string) => Math.max(0, THEME_CODES.indexOf(theme));
/**
 * Where a cell's colours of a theme are kept, the OLED dark items' apart: few dark items lie near
 * a bright colour, and the merge for OLED dark had read every colour in reach to find them.
 */
const listKey = (cell: number, code: number, dark: boolean) => (cell * THEME_CODES.length + code) * 2 + (dark ? 1 : 0);
/** An item's flags: held (published), live, OLED dark. */
const HELD = 1;
const LIVE = 2;
const DARK = 4;
/** Tags kept in place for each item; more are kept aside. */
const TAGS_IN_PLACE = 8;

/** The columns of colours: each one's item (its slot and rank) and coordinates. */
interface Columns {
  slots: Uint32Array;
  /** The item's rank beside it, so a merge compares ranks read in order rather than looked up. */
  ranks: Float64Array;
  l: Float32Array;
  a: Float32Array;
  b: Float32Array;
}

/** A list of one cell's colours of one theme, oldest first, grown in place. */
class ColourList implements Columns {
  slots: Uint32Array;
  ranks: Float64Array;
  l: Float32Array;
  a: Float32Array;
  b: Float32Array;
  length = 0;

  /** Room for a few colours of its own, or for `size` within columns shared with other lists. */
  constructor(shared?: Columns, offset = 0, size = 4) {
    const within = <T extends Uint32Array | Float32Array | Float64Array>(
      column: T | undefined,
      make: new (size: number) => T,
    ) => (column ? (column.subarray(offset, offset + size) as T) : new make(size));
    this.slots = within(shared?.slots, Uint32Array);
    this.ranks = within(shared?.ranks, Float64Array);
    this.l = within(shared?.l, Float32Array);
    this.a = within(shared?.a, Float32Array);
    this.b = within(shared?.b, Float32Array);
  }

  push(slot: number, rank: number, colour: Lab): void {
    if (this.length === this.slots.length) this.grow();
    this.set(this.length++, slot, rank, colour);
  }

  /** Puts a colour at its rank's place, looked for from the end (a new item is mostly the newest). */
  insert(slot: number, rank: number, colour: Lab): void {
    if (this.length === this.slots.length) this.grow();
    let at = this.length;
    while (at > 0 && this.ranks[at - 1]! > rank) at--;
    for (const column of [this.slots, this.ranks, this.l, this.a, this.b]) column.copyWithin(at + 1, at, this.length);
    this.length++;
    this.set(at, slot, rank, colour);
  }

  /** Leaves out the colours of the items marked in `gone` (by slot). */
  remove(gone: Uint8Array): void {
    let kept = 0;
    for (let i = 0; i < this.length; i++) {
      if (gone[this.slots[i]!]) continue;
      if (kept !== i) this.set(kept, this.slots[i]!, this.ranks[i]!, { l: this.l[i]!, a: this.a[i]!, b: this.b[i]! });
      kept++;
    }
    this.length = kept;
  }

  /** Its items' ranks as `ranks` (by slot) has them now. */
  rerank(ranks: Float64Array): void {
    for (let i = 0; i < this.length; i++) this.ranks[i] = ranks[this.slots[i]!]!;
  }

  private set(at: number, slot: number, rank: number, colour: Lab) {
    this.slots[at] = slot;
    this.ranks[at] = rank;
    this.l[at] = colour.l;
    this.a[at] = colour.a;
    this.b[at] = colour.b;
  }

  private grow() {
    this.slots = grown(this.slots, this.length + 1);
    this.ranks = grown(this.ranks, this.length + 1);
    this.l = grown(this.l, this.length + 1);
    this.a = grown(this.a, this.length + 1);
    this.b = grown(this.b, this.length + 1);
  }
}

/**
 * The items' ids as bytes, each at its slot, and the slots in the order of the ids: off V8's heap,
 * where a million strings and a map of them made each full collection of the heap take 20–60 ms
 * of a page.
 */
class ItemIds {
  private bytes = new Uint8Array(1 << 16);
  private ends = new Uint32Array(1024);
  /** The slots in the order of their ids, as the database orders them (byte by byte). */
  private order = new Uint32Array(1024);
  count = 0;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();

  /** A slot for an id: at the end of the order (`last`, as a load gives them) or in its place. */
  add(itemId: string, last: boolean): number {
    const encoded = this.encoder.encode(itemId);
    const place = last ? this.count : this.placeOf(encoded);
    const slot = this.count++;
    const start = slot === 0 ? 0 : this.ends[slot - 1]!;
    if (start + encoded.length > this.bytes.length) this.bytes = grown(this.bytes, start + encoded.length);
    if (slot === this.ends.length) {
      this.ends = grown(this.ends, slot + 1);
      this.order = grown(this.order, slot + 1);
    }
    this.bytes.set(encoded, start);
    this.ends[slot] = start + encoded.length;
    this.order.copyWithin(place + 1, place, slot);
    this.order[place] = slot;
    return slot;
  }

  get(slot: number): string {
    return this.decoder.decode(this.bytes.subarray(slot === 0 ? 0 : this.ends[slot - 1]!, this.ends[slot]!));
  }

  /** The slot of an id held, if it is. */
  find(itemId: string): number | undefined {
    const encoded = this.encoder.encode(itemId);
    const place = this.placeOf(encoded);
    const slot = this.order[place];
    return place < this.count && this.compare(slot!, encoded) === 0 ? slot : undefined;
  }

  /** The slots either side of where an id falls in the order. */
  neighbours(slot: number): [number | undefined, number | undefined] {
    const place = this.placeOf(this.encoder.encode(this.get(slot)));
    return [place > 0 ? this.order[place - 1] : undefined, place + 1 < this.count ? this.order[place + 1] : undefined];
  }

  /** Every slot in the order of the ids. */
  inOrder(): Uint32Array {
    return this.order.subarray(0, this.count);
  }

  /** The first place in the order whose id is not before `encoded`. */
  private placeOf(encoded: Uint8Array): number {
    let low = 0;
    let high = this.count;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.compare(this.order[middle]!, encoded) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private compare(slot: number, encoded: Uint8Array): number {
    const start = slot === 0 ? 0 : this.ends[slot - 1]!;
    const length = this.ends[slot]! - start;
    for (let i = 0; i < Math.min(length, encoded.length); i++) {
      const difference = this.bytes[start + i]! - encoded[i]!;
      if (difference !== 0) return difference;
    }
    return length - encoded.length;
  }
}

/** A copy of a column with room for at least `size`, twice as much as it had. */
function grown<T extends Uint8Array | Uint16Array | Uint32Array | Float32Array | Float64Array>(
  column: T,
  size: number,
): T {
  const next = new (column.constructor as new (size: number) => T)(Math.max(size, column.length * 2));
  next.set(column);
  return next;
}

/**
 * The first window of a merge, in ranks (items) per match asked for: about as many of the newest
 * items as hold that many matches of a common colour, so most pages read one or two windows.
 */
const FIRST_WINDOW_PER_MATCH = 8;

/** A window's matches (each colour's rank, item and squared distance) and their order, grown as needed. */
class WindowMatches {
  ranks = new Float64Array(1024);
  slots = new Uint32Array(1024);
  squared = new Float64Array(1024);
  private indices = new Uint32Array(1024);

  grow(size: number): void {
    this.ranks = grown(this.ranks, size);
    this.slots = grown(this.slots, size);
    this.squared = grown(this.squared, size);
  }

  /** The first `count` matches' places, in order, to be sorted. */
  order(count: number): Uint32Array {
    if (this.indices.length < count) this.indices = grown(this.indices, count);
    const order = this.indices.subarray(0, count);
    for (let i = 0; i < count; i++) order[i] = i;
    return order;
  }
}

/** The square of a match's greatest distance, and of the distance every colour within is a match. */
const REACH_SQUARED = REACH * REACH;
const SURE_SQUARED = (COLOUR_MATCH_DISTANCE - 0.01) ** 2;

/**
 * A distance rounded to hundredths as palette_distance rounds it: the float's fifteen digits
 * (PostgreSQL's float8 to numeric), then half away from zero.
 */
export function roundedDistance(distance: number): number {
  const cents = distance * 100;
  const fraction = cents - Math.floor(cents);
  // Far from a half, the float says; near one, the decimal digits do.
  if (Math.abs(fraction - 0.5) > 1e-6) return Math.round(cents) / 100;
  const [whole = '0', decimals = ''] = distance.toPrecision(15).split('.');
  const thousandths = Number(whole) * 1000 + Number(decimals.padEnd(3, '0').slice(0, 3));
  return (Math.floor(thousandths / 10) + (thousandths % 10 >= 5 ? 1 : 0)) / 100;
}

const isMatch = (squared: number) =>
  squared <= SURE_SQUARED || (squared <= REACH_SQUARED && roundedDistance(Math.sqrt(squared)) <= COLOUR_MATCH_DISTANCE);

export class ColourIndex {
  private readonly ids = new ItemIds();
  /** Each item's place among the items' ids (newer is greater), flags and tags, by its slot. */
  private ranks = new Float64Array(1024);
  private flags = new Uint8Array(1024);
  /** Each item's tags as numbers (from 1; 0 for none), TAGS_IN_PLACE a slot, and the rest of a longer list. */
  private tags = new Uint16Array(1024 * TAGS_IN_PLACE);
  private readonly moreTags = new Map<number, number[]>();
  private readonly tagNumbers = new Map<string, number>();
  /** Each tag's theme code, 0 for a tag that is not a theme, by its number. */
  private readonly themeOfTag: number[] = [];
  /** How many items of each tag are filed under each theme code, by its number: the lists its items are in. */
  private readonly filedUnder = new Map<number, Int32Array>();
  /** The slot of each item while everything is loaded, dropped after (`settle`). */
  private loading: Map<string, number> | undefined = new Map();
  /** Each cell's lists, keyed by cell and theme. */
  private readonly lists = new Map<number, ColourList>();
  /** A merge's window of matches (`merged`). */
  private readonly window = new WindowMatches();

  /** How many colours it holds. */
  get size(): number {
    let colours = 0;
    for (const list of this.lists.values()) colours += list.length;
    return colours;
  }

  /** Holds published items, given in the order of their ids (each call's after the last's), before `addColours`. */
  addItems(items: Omit<IndexedItem, 'colours'>[]): void {
    for (const item of items) {
      const slot = this.slotFor(item.itemId, true);
      this.ranks[slot] = slot;
      this.describe(slot, item);
      this.loading?.set(item.itemId, slot);
    }
  }

  /**
   * Room for each cell's colours of each theme, as many as palette_cells holds, in one block of
   * memory for all.
   */
  reserve(lists: { cell: number; theme: string; dark: boolean; colours: number }[]): void {
    const total = lists.reduce((sum, list) => sum + list.colours, 0);
    const columns = {
      slots: new Uint32Array(total),
      ranks: new Float64Array(total),
      l: new Float32Array(total),
      a: new Float32Array(total),
      b: new Float32Array(total),
    };
    let offset = 0;
    for (const { cell, theme, dark, colours } of lists) {
      this.lists.set(listKey(cell, themeCode(theme), dark), new ColourList(columns, offset, colours));
      offset += colours;
    }
  }

  /** The items' colours, each cell's and theme's in the order of their items' ids. */
  addColours(colours: Iterable<IndexedColour>): void {
    for (const colour of colours) {
      const slot = this.loading?.get(colour.itemId) ?? this.ids.find(colour.itemId);
      if (slot !== undefined) this.listOf(slot, colour).push(slot, this.ranks[slot]!, colour);
    }
  }

  /** Once loaded: the items' ids are kept only as bytes. */
  settle(): void {
    this.loading = undefined;
  }

  /** The items as they are now: `published` replaces theirs, the others' colours go. */
  replace(changed: string[], published: IndexedItem[]): void {
    const gone = new Uint8Array(this.ids.count);
    let held = 0;
    for (const id of changed) {
      const slot = this.ids.find(id);
      if (slot === undefined) continue;
      gone[slot] = held = 1;
      this.forget(slot);
    }
    if (held) for (const list of this.lists.values()) list.remove(gone);
    for (const item of published) {
      const slot = this.ids.find(item.itemId) ?? this.placeNew(item.itemId);
      this.describe(slot, item);
      const seen = new Set<string>();
      for (const colour of item.colours) {
        // palette_cells holds a colour repeated in a palette once.
        const key = `${colour.theme}:${colour.l}:${colour.a}:${colour.b}`;
        if (seen.has(key)) continue;
        seen.add(key);
        this.listOf(slot, colour).insert(slot, this.ranks[slot]!, colour);
      }
    }
  }

  /** A page of a colour's list: its newest `candidates` matches, nearest first, then newest. */
  page(request: ColourPageRequest): ColourPage {
    const candidates = this.newestMatches(request.near, request.filter ?? {}, request.candidates);
    const ranks = this.ranks;
    candidates.sort((x, y) => x.distance - y.distance || ranks[y.slot]! - ranks[x.slot]!);
    const after = request.after;
    const from = after
      ? candidates.findIndex(
          ({ distance, slot }) => distance > after[0] || (distance === after[0] && this.ids.get(slot) < after[1]),
        )
      : (request.offset ?? 0);
    return {
      items: (from < 0 ? [] : candidates.slice(from, from + request.limit)).map(({ slot, distance }) => ({
        itemId: this.ids.get(slot),
        distance,
      })),
      total: candidates.length,
    };
  }

  /** The newest `count` items the filter keeps with a colour within reach of `near`, each with its nearest one's distance. */
  private newestMatches(near: Lab, filter: ColourListFilter, count: number) {
    const tag = filter.tag === undefined ? 0 : this.tagNumbers.get(filter.tag);
    if (tag === undefined) return [];
    // A tag's items are in the lists of the themes they are filed under: a theme's own, or none
    // for those of several.
    const filed = tag === 0 ? undefined : this.filedUnder.get(tag);
    const codes = THEME_CODES.map((_, code) => code).filter((code) => !filed || filed[code]! > 0);
    const live = filter.photoType === undefined ? undefined : filter.photoType === 'live';
    const keeps = (slot: number) => {
      const flags = this.flags[slot]!;
      return (
        (live === undefined || ((flags & LIVE) !== 0) === live) &&
        (!filter.dark || (flags & DARK) !== 0) &&
        (tag === 0 || this.hasTag(slot, tag))
      );
    };
    const darkness = filter.dark ? [true] : [false, true];
    const lists: ColourList[] = [];
    for (const cell of cellsAround(near))
      for (const code of codes)
        for (const dark of darkness) {
          const list = this.lists.get(listKey(cell, code, dark));
          if (list?.length) lists.push(list);
        }
    return this.merged(lists, near, keeps, count);
  }

  /**
   * The newest `count` items of the lists with a colour within reach, each with its nearest
   * one's distance. The lists are read from their ends in windows of rank, newest first, each
   * twice as wide as the one before: each colour costs a comparison of its rank and its distance,
   * and only the window's matches are put in order. A merge of the lists through a heap had paid a
   * sift among some hundred lists for every colour (4–12 ms to read every list around a colour
   * with fewer matches than `count`). Typed arrays, kept between pages: a page allocates nothing
   * per colour.
   */
  private merged(lists: ColourList[], near: Lab, keeps: (slot: number) => boolean, count: number) {
    const at = new Int32Array(lists.length);
    let bound = -Infinity;
    for (let n = 0; n < lists.length; n++) {
      at[n] = lists[n]!.length - 1;
      bound = Math.max(bound, lists[n]!.ranks[at[n]!]!);
    }
    const window = this.window;
    const found: { slot: number; distance: number }[] = [];
    // At least one match's width, so that every window reaches further than the last.
    let width = Math.max(count, 1) * FIRST_WINDOW_PER_MATCH;
    for (let left = lists.length; left > 0; width *= 2) {
      bound -= width;
      let matches = 0;
      left = 0;
      for (let n = 0; n < lists.length; n++) {
        const list = lists[n]!;
        let i = at[n]!;
        for (; i >= 0 && list.ranks[i]! > bound; i--) {
          const dl = list.l[i]! - near.l;
          const da = list.a[i]! - near.a;
          const db = list.b[i]! - near.b;
          const squared = dl * dl + da * da + db * db;
          if (!isMatch(squared) || !keeps(list.slots[i]!)) continue;
          if (matches === window.ranks.length) window.grow(matches + 1);
          window.ranks[matches] = list.ranks[i]!;
          window.slots[matches] = list.slots[i]!;
          window.squared[matches++] = squared;
        }
        at[n] = i;
        if (i >= 0) left++;
      }
      // An item's colours share its rank: newest first, each item's come together.
      const ranks = window.ranks;
      const order = window.order(matches).sort((x, y) => ranks[y]! - ranks[x]!);
      for (let k = 0; k < matches;) {
        const slot = window.slots[order[k]!]!;
        let nearest = window.squared[order[k]!]!;
        for (k++; k < matches && window.slots[order[k]!] === slot; k++)
          nearest = Math.min(nearest, window.squared[order[k]!]!);
        found.push({ slot, distance: roundedDistance(Math.sqrt(nearest)) });
        if (found.length >= count) return found;
      }
    }
    return found;
  }

  private hasTag(slot: number, tag: number): boolean {
    for (let i = slot * TAGS_IN_PLACE; i < (slot + 1) * TAGS_IN_PLACE; i++) {
      if (this.tags[i] === tag) return true;
      if (this.tags[i] === 0) return false;
    }
    return this.moreTags.get(slot)?.includes(tag) ?? false;
  }

  /** Sets an item's flags and tags. */
  private describe(slot: number, item: Omit<IndexedItem, 'itemId' | 'colours'>) {
    this.forget(slot);
    this.flags[slot] = HELD | (item.live ? LIVE : 0) | (item.dark ? DARK : 0);
    const numbers = item.tags.map((tag) => {
      let number = this.tagNumbers.get(tag);
      if (number === undefined) {
        this.tagNumbers.set(tag, (number = this.tagNumbers.size + 1));
        this.themeOfTag[number] = Math.max(0, THEME_CODES.indexOf(tag));
      }
      return number;
    });
    this.tags.set(numbers.slice(0, TAGS_IN_PLACE), slot * TAGS_IN_PLACE);
    if (numbers.length > TAGS_IN_PLACE) this.moreTags.set(slot, numbers.slice(TAGS_IN_PLACE));
    this.fileUnderThemes(slot, 1);
  }

  /** Clears an item's flags and tags, and its count under its theme. */
  private forget(slot: number) {
    if (!(this.flags[slot]! & HELD)) return;
    this.fileUnderThemes(slot, -1);
    this.flags[slot] = 0;
    this.tags.fill(0, slot * TAGS_IN_PLACE, (slot + 1) * TAGS_IN_PLACE);
    this.moreTags.delete(slot);
  }

  /** Counts (`by` 1) or uncounts (-1) an item's tags under the theme it is filed under, as palette_theme files it. */
  private fileUnderThemes(slot: number, by: number) {
    const tags = this.tagsOf(slot);
    const themes = new Set(tags.map((tag) => this.themeOfTag[tag] ?? 0).filter((code) => code > 0));
    const code = themes.size === 1 ? [...themes][0]! : 0;
    for (const tag of tags) {
      let counts = this.filedUnder.get(tag);
      if (!counts) this.filedUnder.set(tag, (counts = new Int32Array(THEME_CODES.length)));
      counts[code]! += by;
    }
  }

  private tagsOf(slot: number): number[] {
    const inPlace = [...this.tags.subarray(slot * TAGS_IN_PLACE, (slot + 1) * TAGS_IN_PLACE)].filter((tag) => tag > 0);
    return [...inPlace, ...(this.moreTags.get(slot) ?? [])];
  }

  /** The list of an item's colour: its cell's, its theme's, and of the item's darkness. */
  private listOf(slot: number, colour: Omit<IndexedColour, 'itemId'>): ColourList {
    const key = listKey(cellOf(colour), themeCode(colour.theme), (this.flags[slot]! & DARK) !== 0);
    let list = this.lists.get(key);
    if (!list) this.lists.set(key, (list = new ColourList()));
    return list;
  }

  /** A slot for an item, its id at the end of the order (`last`) or in its place. */
  private slotFor(itemId: string, last: boolean): number {
    const slot = this.ids.add(itemId, last);
    if (slot === this.ranks.length) {
      this.ranks = grown(this.ranks, slot + 1);
      this.flags = grown(this.flags, slot + 1);
      this.tags = grown(this.tags, (slot + 1) * TAGS_IN_PLACE);
    }
    return slot;
  }

  /** A slot for an item not held before, ranked between the ids either side of its own. */
  private placeNew(itemId: string): number {
    const slot = this.slotFor(itemId, false);
    const [before, after] = this.ids
      .neighbours(slot)
      .map((next) => (next === undefined ? undefined : this.ranks[next]!));
    const rank = before === undefined ? (after ?? 0) - 1 : after === undefined ? before + 1 : (before + after) / 2;
    this.ranks[slot] = rank;
    // Halved too often, two ranks meet: every item is numbered again in order, which keeps each list's.
    if (rank === before || rank === after) {
      this.ids.inOrder().forEach((held, place) => (this.ranks[held] = place));
      for (const list of this.lists.values()) list.rerank(this.ranks);
    }
    return slot;
  }
}
