import { count, desc } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { adminActions } from '../schema.ts';

export type AdminActionRow = typeof adminActions.$inferSelect;
export type NewAdminAction = typeof adminActions.$inferInsert;

/** The record of what administrators did. */
export class AdminActionsRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async insert(action: NewAdminAction, executor: Database = this.db): Promise<void> {
    await executor.insert(adminActions).values(action);
  }

  /** Newest first, and how many there are in all. */
  async page(limit: number, offset: number): Promise<{ rows: AdminActionRow[]; total: number }> {
    const [rows, [counted]] = await Promise.all([
      this.db.select().from(adminActions).orderBy(desc(adminActions.id)).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(adminActions),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }
}
