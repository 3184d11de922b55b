/** How a payment ended, as the store counts it. */
export type PaymentOutcome = 'paid' | 'pending' | 'declined' | 'failed' | 'unavailable' | 'refunded';

/**
 * What the store counts for the people who run it (decision 036): requests, payments and
 * cache lookups as they happen; queues, memory and the event loop when read. Services and
 * routes count through this port and never see the metrics library.
 */
export interface Metrics {
  /** One answered request: its route pattern (not its address), method, status and duration. */
  request(route: string, method: string, status: number, seconds: number): void;
  payment(outcome: PaymentOutcome): void;
  /** A lookup in one of the caches of what is ready: the catalogue's answers, each item's JSON, the rendered pages. */
  cacheLookup(cache: 'answers' | 'items' | 'pages', hit: boolean): void;
  /** Everything, in Prometheus' text format. */
  scrape(): Promise<{ contentType: string; body: string }>;
  /** Stops what it watches in the background (the event loop's delay). */
  close(): void;
}

/** Where no one reads them (METRICS_TOKEN unset): nothing is counted, nothing runs. */
export const NO_METRICS: Metrics = {
  request() {},
  payment() {},
  cacheLookup() {},
  scrape: () => Promise.reject(new Error('Metrics are off')),
  close() {},
};
