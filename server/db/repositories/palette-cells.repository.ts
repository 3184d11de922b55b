import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { OLED_DARK_SHARE } from '#contract/colour.ts';
import type { Database } from '../client.ts';
import { items } from '../schema.ts';
import { rowsOf } from './raw-rows.ts';

/** The channel each write of published items is announced on: their ids, or '*' for too many (migration 0046). */
export const PUBLISHED_ITEMS_CHANNEL = 'published_items_changed';

/** One colour of a published palette, as palette_cells holds it. */
export interface IndexedColour {
  itemId: string;
  /** The item's one theme ('' for none or several, as palette_theme files it). */
  theme: string;
  l: number;
  a: number;
  b: number;
}

/** A published item as the colour index filters it, and its palette's colours. */
export interface IndexedItem {
  itemId: string;
  tags: string[];
  live: boolean;
  /** OLED dark: at least half its pixels near-black. */
  dark: boolean;
  colours: Omit<IndexedColour, 'itemId'>[];
}

/** Rows read at a time from the cells' cursor. */
const BATCH = 5_000;

/** What the colour index filters an item by: its tags, photo type and OLED dark (as the catalogue's filters read them). */
const described = {
  tags: items.tags,
  live: sql<boolean>`${items.photoType} = 'live'`,
  dark: sql<boolean>`coalesce((${items.media} ->> 'darkShare')::real >= ${sql.raw(String(OLED_DARK_SHARE))}, false)`,
};

/** The published palettes' colours as palette_cells holds them, for the colour index (decision 098). */
export class PaletteCellsRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /**
   * Every published item in the order of its id, how many colours each cell holds of each theme
   * and of OLED dark items or not, then every colour of the cells in the order of their key (each
   * cell's and theme's by item id), read in one snapshot.
   */
  async everything(load: {
    items: (published: Omit<IndexedItem, 'colours'>[]) => void;
    lists: (lists: { cell: number; theme: string; dark: boolean; colours: number }[]) => void;
    colours: (batch: IndexedColour[]) => void;
  }): Promise<void> {
    await this.db.transaction(
      async (tx) => {
        // A cursor read a little at a time: each batch is garbage young, where a million rows at
        // once left the process holding 860 MB.
        const read = async <Row>(query: SQL, each: (rows: Row[]) => void) => {
          await tx.execute(sql`declare batches no scroll cursor for ${query}`);
          for (;;) {
            const rows = rowsOf<Row>(await tx.execute(sql.raw(`fetch ${BATCH} from batches`)));
            each(rows);
            if (rows.length < BATCH) break;
          }
          await tx.execute(sql`close batches`);
        };
        await read<{ item_id: string; tags: string[]; live: boolean; dark: boolean }>(
          sql`select ${items.itemId}, ${described.tags}, ${described.live} as live, ${described.dark} as dark
            from ${items} where ${items.published} order by ${items.itemId}`,
          (rows) => load.items(rows.map(({ item_id, tags, live, dark }) => ({ itemId: item_id, tags, live, dark }))),
        );
        load.lists(
          rowsOf<{ cell: number; theme: string; dark: boolean; colours: number }>(
            await tx.execute(sql`select cell, theme, described.dark, count(*)::int as colours
              from palette_cells join (select ${items.itemId} as id, ${described.dark} as dark from ${items}) as described
                on described.id = palette_cells.item_id
              group by cell, theme, described.dark`),
          ),
        );
        await read<{ theme: string; item_id: string; l: number; a: number; b: number }>(
          sql`select cell, theme, item_id, l, a, b from palette_cells order by cell, theme, item_id, l, a, b`,
          (rows) => load.colours(rows.map(({ item_id, theme, l, a, b }) => ({ itemId: item_id, theme, l, a, b }))),
        );
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** These items' colours now, as palette_cells files them, for those published. */
  async items(itemIds: string[]): Promise<IndexedItem[]> {
    const rows = await this.db
      .select({
        itemId: items.itemId,
        ...described,
        theme: sql<string>`palette_theme(${items.tags})`,
        colours: sql<{ l: number; a: number; b: number }[]>`(select coalesce(json_agg(json_build_object(
          'l', colour.l, 'a', colour.a, 'b', colour.b)), '[]') from palette_colours(${items.colours}) as colour)`,
      })
      .from(items)
      .where(and(inArray(items.itemId, itemIds), eq(items.published, true)));
    return rows.map(({ theme, colours, ...item }) => ({
      ...item,
      colours: colours.map((colour) => ({ theme, ...colour })),
    }));
  }
}
