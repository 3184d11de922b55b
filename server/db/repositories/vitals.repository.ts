import type { WebVital } from '#contract/vitals.ts';
import type { Database } from '../client.ts';
import { webVitals } from '../schema.ts';

/** Web vitals reported by visitors' browsers. */
export class VitalsRepository {
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  async insert(vitals: WebVital[]): Promise<void> {
    await this.db.insert(webVitals).values(vitals);
  }
}
