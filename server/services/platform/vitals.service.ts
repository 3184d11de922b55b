import type { WebVital } from '#contract/vitals.ts';
import type { VitalsRepository } from '../../db/repositories/vitals.repository.ts';

/** Web vitals of visitors' page views, kept for the store's own dashboards. */
export class VitalsService {
  private readonly vitals: VitalsRepository;

  constructor(vitals: VitalsRepository) {
    this.vitals = vitals;
  }

  record(vitals: WebVital[]): Promise<void> {
    return this.vitals.insert(vitals);
  }
}
