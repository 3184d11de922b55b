import { eq, lt } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { phoneLinks } from '../schema.ts';

export type PhoneLinkRow = typeof phoneLinks.$inferSelect;

/** Send-to-phone codes (decision 029). */
export class PhoneLinksRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async insert(link: typeof phoneLinks.$inferInsert): Promise<void> {
    await this.db.insert(phoneLinks).values(link);
  }

  async byCode(code: string): Promise<PhoneLinkRow | undefined> {
    const [row] = await this.db.select().from(phoneLinks).where(eq(phoneLinks.code, code));
    return row;
  }

  /** Forgets codes that stopped working before `before`. */
  async deleteExpiredBefore(before: Date): Promise<void> {
    await this.db.delete(phoneLinks).where(lt(phoneLinks.expiresAt, before));
  }
}
