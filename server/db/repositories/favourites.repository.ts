import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { favourites, itemColumns, items, type ItemRow } from '../schema.ts';

/** The wallpapers each user marked with a heart. */
export class FavouritesRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** The user's published favourites, the latest heart first. */
  async itemsOf(userId: string, limit: number): Promise<ItemRow[]> {
    const rows = await this.db
      .select({ item: itemColumns })
      .from(favourites)
      .innerJoin(items, eq(items.itemId, favourites.itemId))
      .where(and(eq(favourites.userId, userId), eq(items.published, true)))
      .orderBy(desc(favourites.createdAt), desc(favourites.itemId))
      .limit(limit);
    return rows.map((row) => row.item);
  }

  /** Adds hearts for the published items among `itemIds`; ids of nothing published are left out. */
  async add(userId: string, itemIds: string[]): Promise<void> {
    const known = await this.db
      .select({ itemId: items.itemId })
      .from(items)
      .where(and(inArray(items.itemId, itemIds), eq(items.published, true)));
    if (!known.length) return;
    await this.db
      .insert(favourites)
      .values(known.map(({ itemId }) => ({ userId, itemId })))
      .onConflictDoNothing();
  }

  async remove(userId: string, itemId: string): Promise<void> {
    await this.db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.itemId, itemId)));
  }
}
