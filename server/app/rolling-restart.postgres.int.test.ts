import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStore, type RunningStore } from '../../e2e/store.ts';
import { loadConfig } from '../shared/config.ts';
import { createLogger } from '../shared/logger.ts';
import { openRuntime } from './runtime.ts';
import { rowsOf } from '../db/repositories/raw-rows.ts';
import { buildItemRow } from '../test/builders.ts';
import { startRoundRobinProxy } from '../test/round-robin-proxy.ts';
import { openTestDatabase } from '../test/test-database.ts';

/**
 * A request whose body arrives in two halves: `started` once the first is sent, `finish` sends
 * the second and gives the answer's status.
 */
function halfSentRequest(baseUrl: string) {
  const body = Buffer.from(
    JSON.stringify({ name: 'INP', value: 120, rating: 'good', path: '/', navigationType: 'navigate' }),
  );
  const request = http.request(`${baseUrl}/api/vitals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': body.length },
  });
  const answered = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
  const started = new Promise<void>((resolve) => request.write(body.subarray(0, 20), () => resolve()));
  return {
    started: started.then(() => new Promise((resolve) => setTimeout(resolve, 200))),
    finish: () => {
      request.end(body.subarray(20));
      return answered;
    },
  };
}

/** The name the processes' database connections give the server. */
const STORE_CONNECTIONS = 'rolling-restart-store';

/** How long the load goes on once both processes have restarted, on the new processes alone. */
const AFTER_MS = 10_000;
const rows = Array.from({ length: 40 }, (_, i) => buildItemRow({ name: `Rolling ${i}`, tags: ['landscape'] }));

describe('a rolling restart of two API processes behind a load balancer', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const stores: RunningStore[] = [];
  const dataDirs: string[] = [];
  let env: Record<string, string>;

  const newDataDir = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-rolling-'));
    dataDirs.push(dataDir);
    return dataDir;
  };
  const start = (port?: number) => startStore({ dataDir: newDataDir(), env, ...(port && { port }) });

  beforeAll(async () => {
    database = await openTestDatabase();
    // Named, so the server tells the processes' connections from the test's own.
    const url = new URL(database.url!);
    url.searchParams.set('application_name', STORE_CONNECTIONS);
    env = { DATABASE_URL: url.toString(), SEED_DEMO: 'false', LOG_LEVEL: 'warn', MAX_CONNECTIONS_PER_ADDRESS: '0' };
    const config = loadConfig({ ...env, DATA_DIR: newDataDir() });
    const runtime = await openRuntime(config, createLogger({ logLevel: 'silent' }));
    await runtime.catalogue.insert(rows);
    await runtime.close();
    stores.push(await start(), await start());
  }, 120_000);

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.stop()));
    await database?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has each process open its ten pooled database connections and one to listen as it starts', async () => {
    const storeConnections = async () =>
      Number(
        rowsOf<{ count: string }>(
          await database.db.execute(
            sql`select count(*) as count from pg_stat_activity where application_name = ${STORE_CONNECTIONS}`,
          ),
        )[0]!.count,
      );
    await expect.poll(storeConnections, { timeout: 5000 }).toBe(2 * 11);
  });

  it('answers every request of 100 connections while each process restarts in turn, and after', async () => {
    const proxy = await startRoundRobinProxy(stores.map((store) => store.baseUrl));
    let load!: autocannon.Instance;
    const finished = new Promise<autocannon.Result>((resolve, reject) => {
      load = autocannon(
        {
          url: proxy.url,
          connections: 100,
          // Stopped once the restarts are done and AFTER_MS have passed.
          duration: 120,
          headers: { 'accept-encoding': 'br, gzip' },
          requests: [
            { method: 'GET', path: '/api/items?limit=12' },
            { method: 'GET', path: '/api/items/tag/landscape' },
            { method: 'GET', path: `/api/items/${rows[7]!.itemId}` },
            { method: 'GET', path: '/api/items/search?q=rolling' },
          ],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
    });
    // Which statuses the answers that were not 2xx had, so a failure says what went wrong.
    const otherStatuses: Record<number, number> = {};
    load.on('response', (_client, status) => {
      if (status < 200 || status > 299) otherStatuses[status] = (otherStatuses[status] ?? 0) + 1;
    });
    const stops: { code: number | null; ms: number }[] = [];
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const inFlight: number[] = [];
    for (const [i, store] of stores.entries()) {
      const port = Number(new URL(store.baseUrl).port);
      // A request under way when the signal comes (its body half sent, as a slow phone sends it) is finished.
      const slow = halfSentRequest(store.baseUrl);
      await slow.started;
      const asked = Date.now();
      const stopped = store.stop();
      await new Promise((resolve) => setTimeout(resolve, 500));
      inFlight.push(await slow.finish());
      stops.push({ code: await stopped, ms: Date.now() - asked });
      stores[i] = await start(port);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
    load.stop();
    const result = await finished;
    await proxy.close();

    // Each process stopped cleanly and soon (in-flight requests finished, the database closed).
    expect(inFlight).toEqual([204, 204]);
    expect(stops.map((stop) => stop.code)).toEqual([0, 0]);
    for (const stop of stops) expect(stop.ms).toBeLessThan(10_000);
    expect(result.requests.total).toBeGreaterThan(1000);
    expect({
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      otherStatuses,
      unanswered: proxy.unanswered,
    }).toEqual({ errors: 0, timeouts: 0, non2xx: 0, otherStatuses: {}, unanswered: [] });
    console.info(
      `rolling restart: ${result.requests.total} requests in ${result.duration} s, 0 errors; stops took ${stops.map((stop) => stop.ms).join(' and ')} ms`,
    );
  }, 180_000);
});
