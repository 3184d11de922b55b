import { asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { banners } from '../schema.ts';

export type BannerRow = typeof banners.$inferSelect;
export type NewBanner = Omit<typeof banners.$inferInsert, 'id' | 'position' | 'createdAt'>;
export type BannerChange = Partial<Pick<BannerRow, 'title' | 'tag' | 'active' | 'position'>>;

/** The owner's banners, in their order. */
export class BannersRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async list(): Promise<BannerRow[]> {
    return this.db.select().from(banners).orderBy(asc(banners.position), asc(banners.id));
  }

  async active(limit: number): Promise<BannerRow[]> {
    return this.db
      .select()
      .from(banners)
      .where(eq(banners.active, true))
      .orderBy(asc(banners.position), asc(banners.id))
      .limit(limit);
  }

  async byId(id: number, executor: Database = this.db): Promise<BannerRow | undefined> {
    const [row] = await executor.select().from(banners).where(eq(banners.id, id)).for('update');
    return row;
  }

  /** Adds a banner after the others. */
  async insert(banner: NewBanner, executor: Database = this.db): Promise<BannerRow> {
    const [row] = await executor
      .insert(banners)
      .values({ ...banner, position: sql`(select coalesce(max(position), 0) + 1 from banners)` })
      .returning();
    return row!;
  }

  async update(id: number, change: BannerChange, executor: Database = this.db): Promise<BannerRow> {
    const [row] = await executor.update(banners).set(change).where(eq(banners.id, id)).returning();
    return row!;
  }

  /** The banner just before (`up`) or after (`down`) `position`, to swap places with. */
  async neighbour(position: number, direction: 'up' | 'down', executor: Database = this.db) {
    const [row] = await executor
      .select()
      .from(banners)
      .where(direction === 'up' ? lt(banners.position, position) : gt(banners.position, position))
      .orderBy(direction === 'up' ? desc(banners.position) : asc(banners.position))
      .limit(1)
      .for('update');
    return row;
  }

  async remove(id: number, executor: Database = this.db): Promise<void> {
    await executor.delete(banners).where(eq(banners.id, id));
  }
}
