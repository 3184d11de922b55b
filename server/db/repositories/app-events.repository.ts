import type { AppEvent } from '#contract/mobile-app.ts';
import type { Database } from '../client.ts';
import { appEvents } from '../schema.ts';

/** What the Android app reports of its use. */
export class AppEventsRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async insert(event: AppEvent): Promise<void> {
    await this.db.insert(appEvents).values(event);
  }
}
