import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Metrics, PaymentOutcome } from './metrics.ts';

/** What the queues hold when the metrics are read: how much waits, and for how long the oldest has. */
export interface Backlogs {
  /** The outbox: jobs due or running, the oldest one's age, and those that gave up. */
  jobs(): Promise<{ pending: number; oldestSeconds: number; failed: number }>;
  /** The processing queue of source images. */
  waitingList(): Promise<{ queued: number; oldestSeconds: number }>;
}

/** One reading per scrape, shared by the gauges that show parts of it. */
function perScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > 1000) last = { at: Date.now(), value: read() };
    return last.value;
  };
}

/** Seconds a request may take, in the buckets of its histogram (a catalogue answer takes milliseconds). */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The store's metrics in a registry of its own, read by Prometheus from /metrics. */
export class PrometheusMetrics implements Metrics {
  private readonly registry = new Registry();
  private readonly requests: Histogram<'route' | 'method' | 'status'>;
  private readonly payments: Counter<'outcome'>;
  private readonly lookups: Counter<'cache' | 'result'>;

  constructor(backlogs: Backlogs) {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Answered requests by route pattern, method and status, and how long each took',
      labelNames: ['route', 'method', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.payments = new Counter({
      name: 'payments_total',
      help: 'How captures ended: paid, pending, declined, failed (amount mismatch), unavailable (provider), refunded',
      labelNames: ['outcome'],
      registers,
    });
    this.lookups = new Counter({
      name: 'cache_lookups_total',
      help: 'Lookups in the caches of ready answers (answers: catalogue JSON, pages: rendered HTML) by result',
      labelNames: ['cache', 'result'],
      registers,
    });
    const jobs = perScrape(() => backlogs.jobs());
    const waiting = perScrape(() => backlogs.waitingList());
    const gauge = (name: string, help: string, read: () => Promise<number>) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set(await read());
        },
      });
    gauge('jobs_pending', 'Outbox jobs (emails, refunds, clips) due or running', async () => (await jobs()).pending);
    gauge(
      'jobs_oldest_pending_seconds',
      'Age of the oldest outbox job due or running',
      async () => (await jobs()).oldestSeconds,
    );
    gauge('jobs_failed', 'Outbox jobs that gave up and wait for a retry on /review', async () => (await jobs()).failed);
    gauge('waiting_list_queued', 'Source images waiting to be processed', async () => (await waiting()).queued);
    gauge(
      'waiting_list_oldest_seconds',
      'Age of the oldest source image waiting to be processed',
      async () => (await waiting()).oldestSeconds,
    );
  }

  request(route: string, method: string, status: number, seconds: number): void {
    this.requests.observe({ route, method, status: String(status) }, seconds);
  }

  payment(outcome: PaymentOutcome): void {
    this.payments.inc({ outcome });
  }

  cacheLookup(cache: 'answers' | 'items' | 'pages', hit: boolean): void {
    this.lookups.inc({ cache, result: hit ? 'hit' : 'miss' });
  }

  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  close(): void {
    this.registry.clear();
  }
}
