import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { appSettings } from '../schema.ts';

/** Values every server process must share, such as the key that signs download links. */
export class SettingsRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async get(key: string): Promise<string | undefined> {
    const [row] = await this.db.select().from(appSettings).where(eq(appSettings.key, key));
    return row?.value;
  }

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insert(appSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value } });
  }

  /** The value of `key`, set to `initial` by the first process that asks. */
  async getOrCreate(key: string, initial: () => string): Promise<string> {
    await this.db.insert(appSettings).values({ key, value: initial() }).onConflictDoNothing();
    const [row] = await this.db.select().from(appSettings).where(eq(appSettings.key, key));
    return row!.value;
  }
}
