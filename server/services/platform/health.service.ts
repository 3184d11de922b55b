import type { Health } from '#contract/api.ts';
import type { Storage } from '../../providers/storage/storage.ts';

/**
 * Whether the database and the storage answer, and how payments are set up. Failures are
 * returned for the caller to log; the answer itself says only up or down.
 */
export class HealthService {
  private readonly deps: {
    ping: () => Promise<void>;
    storage: Storage;
    payments: Pick<Health, 'payments' | 'webhooks'>;
  };

  constructor(deps: { ping: () => Promise<void>; storage: Storage; payments: Pick<Health, 'payments' | 'webhooks'> }) {
    this.deps = deps;
  }

  async check(): Promise<{ health: Health; failures: unknown[] }> {
    const [database, files] = await Promise.allSettled([this.deps.ping(), this.deps.storage.check()]);
    const failures = [database, files].filter((result) => result.status === 'rejected').map((result) => result.reason);
    return {
      health: {
        status: failures.length ? 'degraded' : 'ok',
        database: database.status === 'fulfilled' ? 'ok' : 'down',
        storage: files.status === 'fulfilled' ? 'ok' : 'down',
        ...this.deps.payments,
      },
      failures,
    };
  }
}
