import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq, inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { labOfHex } from '#contract/colour.ts';
import type { Item } from '#contract/item.ts';
import type { OrderResult } from '#contract/orders.ts';
import type { ReviewListItem } from '#contract/review.ts';
import { SERVER_ENV, SERVER_NODE_FLAGS, startColourIndex, startStore, type RunningStore } from '../../e2e/store.ts';
import { loadConfig } from '../shared/config.ts';
import { items, users, waitingItems } from '../db/schema.ts';
import { createLogger } from '../shared/logger.ts';
import { openRuntime, type Runtime } from './runtime.ts';
import { buildNoisySource } from '../test/builders.ts';
import { startS3Server, type RunningS3 } from '../test/s3-server.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { growCatalogue } from '../demo/grow-catalogue.ts';
import { seedDemoCatalogue } from '../demo/seed-demo-catalogue.ts';

const ADMIN = { email: 'scale-admin@example.com', password: 'violet-harbor-42' };
const SOURCES = 20;
/**
 * With SCALE_OUT_ITEMS=1000000 the same checks run against a catalogue that large (copies of
 * six drawn wallpapers, seeded in bulk first): a longer run, made on demand rather than in CI.
 */
const CATALOGUE_ITEMS = Number(process.env.SCALE_OUT_ITEMS ?? 0);
/** A Redis database of this suite's own, emptied first, so other suites' counters never mix in. */
const REDIS_DB = 7;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Two API processes and two workers on one PostgreSQL database, one S3-compatible server and Redis. */
describe.skipIf(!process.env.TEST_REDIS_URL)('the store on several processes', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let s3: RunningS3;
  let runtime: Runtime;
  let a: RunningStore;
  let b: RunningStore;
  let colourIndex: Awaited<ReturnType<typeof startColourIndex>>;
  const workers: ChildProcess[] = [];
  const dataDirs: string[] = [];
  let env: Record<string, string>;
  let admin: Record<string, string>;

  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-scale-'));
    dataDirs.push(dir);
    return dir;
  };
  const startWorker = (extra: Record<string, string> = {}) => {
    const worker = spawn(
      process.execPath,
      [...SERVER_NODE_FLAGS, path.join(import.meta.dirname, '..', 'worker-main.ts')],
      {
        env: { ...process.env, ...SERVER_ENV, ...env, DATA_DIR: dataDir(), ...extra },
        stdio: 'ignore',
      },
    );
    workers.push(worker);
    return worker;
  };
  const call = async (store: RunningStore, url: string, init: RequestInit = {}) =>
    fetch(store.baseUrl + url, { redirect: 'manual', ...init, headers: { ...admin, ...init.headers } });

  beforeAll(
    async () => {
      database = await openTestDatabase();
      s3 = await startS3Server();
      const redisUrl = new URL(process.env.TEST_REDIS_URL!);
      redisUrl.pathname = `/${REDIS_DB}`;
      const redis = new Redis(redisUrl.toString());
      await redis.flushdb();
      redis.disconnect();
      env = {
        DATABASE_URL: database.url!,
        REDIS_URL: redisUrl.toString(),
        ...s3.env,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        // Longer than any source takes here: a lease is not renewed while its job runs.
        WORKER_LEASE_SECONDS: '120',
        AUTH_RATE_LIMIT_PER_IP: '6',
        AUTH_RATE_LIMIT_PER_EMAIL: '6',
        MAX_CONNECTIONS_PER_ADDRESS: '0',
      };
      execFileSync(
        process.execPath,
        ['scripts/admin.ts', 'create', '--email', ADMIN.email, '--password', ADMIN.password, '--first-name', 'Sam'],
        { cwd: path.join(import.meta.dirname, '..', '..'), env: { ...process.env, ...env, DATA_DIR: dataDir() } },
      );
      const config = loadConfig({ ...env, DATA_DIR: dataDir(), LOG_LEVEL: 'silent' });
      runtime = await openRuntime(config, createLogger(config));
      if (CATALOGUE_ITEMS > 0) {
        await seedDemoCatalogue({ ...runtime, log: () => {}, count: 6 });
        await growCatalogue(runtime.catalogue, { count: CATALOGUE_ITEMS - 6 });
      }
      // Both API processes read colours from one colour index (decision 098).
      colourIndex = await startColourIndex(database.url!);
      env.COLOUR_INDEX_URL = colourIndex.url;
      [a, b] = await Promise.all([startStore({ dataDir: dataDir(), env }), startStore({ dataDir: dataDir(), env })]);
      startWorker();
      startWorker();
      const login = await fetch(`${a.baseUrl}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      admin = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    },
    // The bulk seed takes up to about half a millisecond an item (451 s for a million on a slow day).
    120_000 + CATALOGUE_ITEMS,
  );

  // A failure here is often another process's: show what the two API processes logged.
  beforeEach(({ onTestFailed }) =>
    onTestFailed(() => {
      for (const [name, store] of [
        ['A', a],
        ['B', b],
      ] as const)
        console.error(`API process ${name} logged:\n${store?.output().slice(-20_000) || '(nothing)'}`);
    }),
  );

  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await Promise.all([a?.stop(), b?.stop(), colourIndex?.stop()]);
    await runtime?.close();
    await s3?.close();
    await database?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('processes 20 sources queued through A exactly once among its processes (two workers and the API processes)', async () => {
    const form = new FormData();
    for (let i = 0; i < SOURCES; i++) {
      const image = await sharp({
        create: { width: 540, height: 960, channels: 3, background: { r: (i * 6) % 256, g: 90, b: (i * 37) % 256 } },
      })
        .jpeg()
        .toBuffer();
      form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `source-${i}.jpg`);
    }
    const queued = await call(a, '/api/items/waiting', { method: 'POST', body: form });
    expect(queued.status).toBe(201);
    const ids = ((await queued.json()) as ReviewListItem[]).map((entry) => entry._id);
    expect(ids).toHaveLength(SOURCES);

    const entries = await until(
      'every source processed',
      async () => {
        const rows = await runtime.database.db.select().from(waitingItems).where(inArray(waitingItems.id, ids));
        return rows.every((row) => row.status === 'done' || row.status === 'failed') && rows;
      },
      120_000,
    );
    expect(entries.map((row) => [row.status, row.attempts])).toEqual(ids.map(() => ['done', 1]));
    const drafts = await runtime.database.db
      .select({ itemId: items.itemId })
      .from(items)
      .where(
        inArray(
          items.itemId,
          entries.map((row) => row.itemId!),
        ),
      );
    expect(new Set(drafts.map((row) => row.itemId)).size).toBe(SOURCES);
  }, 150_000);

  it('serves on B within a second an item published through A, and a purchase captured on A downloads through B', async () => {
    const [entry] = await runtime.database.db
      .select()
      .from(waitingItems)
      .where(eq(waitingItems.status, 'done'))
      .limit(1);
    const before = await call(b, '/api/items?limit=5');
    expect(((await before.json()) as Item[]).map((item) => item.itemId)).not.toContain(entry!.itemId);
    expect(before.headers.get('x-total-count')).toBe(String(CATALOGUE_ITEMS));

    expect((await call(a, `/api/items/waiting/reviewed/${entry!.id}`, { method: 'PATCH' })).status).toBe(200);
    const published = Date.now();
    await until(
      'B to list the item',
      async () => {
        const list = (await (await call(b, '/api/items?limit=5')).json()) as Item[];
        return list.some((item) => item.itemId === entry!.itemId);
      },
      5_000,
    );
    expect(Date.now() - published).toBeLessThan(1000);
    // The colour index heard of it too: B lists it in a colour of its own palette, from the index.
    const palette = (await runtime.catalogue.findRow(entry!.itemId!))!.media.palette!;
    const { l, a: greenRed, b: blueYellow } = labOfHex(palette[0]!);
    const near = new URLSearchParams({
      l: String(l),
      a: String(greenRed),
      b: String(blueYellow),
      candidates: '1000',
      limit: '1000',
    });
    await until(
      'the colour index to hold it',
      async () => {
        const page = (await (await fetch(`${colourIndex.url}/near?${near}`)).json()) as { items: [string, number][] };
        return page.items.some(([itemId]) => itemId === entry!.itemId);
      },
      5_000,
    );
    const inColour = (await (await call(b, `/api/items?color=${palette[0]!.slice(1)}&limit=5`)).json()) as Item[];
    expect(inColour.map((item) => item.itemId)).toContain(entry!.itemId);

    // A shopper pays on A; the signed link is honoured by B, which sends the browser to the bucket.
    const email = `scale-${randomBytes(4).toString('hex')}@example.com`;
    const shopper = await runtime.accounts.register({
      firstName: 'Ada',
      lastName: 'L',
      email,
      password: ADMIN.password,
    });
    await runtime.database.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, shopper.uid));
    const login = await call(a, '/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: '' },
      body: JSON.stringify({ email, password: ADMIN.password }),
    });
    const buyer = {
      authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
      'content-type': 'application/json',
    };
    const created = await call(a, '/api/orders', {
      method: 'POST',
      headers: buyer,
      body: JSON.stringify({ itemIds: [entry!.itemId] }),
    });
    expect(created.status).toBe(201);
    const { orderId } = (await created.json()) as { orderId: string };
    const paid = (await (
      await call(a, `/api/orders/${orderId}/capture`, { method: 'POST', headers: buyer, body: '{}' })
    ).json()) as OrderResult;
    expect(paid.status).toBe('paid');
    const link = paid.items[0]!.downloads[0]!.link;

    const fromB = await call(b, link, { headers: { authorization: '' } });
    expect(fromB.status).toBe(302);
    const file = await fetch(fromB.headers.get('location')!);
    const row = await runtime.catalogue.findRow(entry!.itemId!);
    const master = await buffer(await runtime.storage.get(row!.downloads[0]!.key));
    expect(Buffer.from(await file.arrayBuffer()).equals(master)).toBe(true);
  }, 60_000);

  it('counts failed logins and registrations across A and B together', async () => {
    const wrong = (store: RunningStore) =>
      call(store, '/api/users/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: '' },
        body: JSON.stringify({ email: ADMIN.email, password: 'not-the-password' }),
      });
    // Six failures from this address and account in all (the limits are 6), three on each process.
    for (let i = 0; i < 6; i++) expect((await wrong(i % 2 ? b : a)).status).toBe(401);
    expect((await wrong(a)).status).toBe(429);
    expect((await wrong(b)).status).toBe(429);

    // Registrations per address are counted in Redis (AUTH_RATE_LIMIT_PER_IP = 6).
    const register = (store: RunningStore, i: number) =>
      call(store, '/api/users/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: '' },
        body: JSON.stringify({
          firstName: 'Lin',
          lastName: '',
          email: `many-${i}@example.com`,
          password: ADMIN.password,
        }),
      });
    for (let i = 0; i < 6; i++) expect((await register(i % 2 ? b : a, i)).status).toBe(201);
    expect((await register(a, 6)).status).toBe(429);
    expect((await register(b, 7)).status).toBe(429);
  }, 60_000);

  it('leaves the source of a worker killed mid-job to the others after its lease', async () => {
    // Every other process that processes (both API processes run a worker too) is frozen, so a
    // new worker with a 3-second lease claims the source; then it dies.
    const others = [a.process, b.process, ...workers];
    for (const other of others) other.kill('SIGSTOP');
    const doomed = startWorker({ WORKER_LEASE_SECONDS: '3' });
    const big = await buildNoisySource();
    await runtime.storage.put('sources/big.jpg', big, { contentType: 'image/jpeg' });
    const [entry] = await runtime.waitingList.add([{ key: 'sources/big.jpg', name: 'big.jpg' }]);
    const status = async () =>
      (await runtime.database.db.select().from(waitingItems).where(eq(waitingItems.id, entry!._id)))[0]!;
    try {
      await until('the new worker to claim the source', async () => (await status()).status === 'in_process');
      doomed.kill('SIGKILL');
      await once(doomed, 'exit');
    } finally {
      for (const other of others) other.kill('SIGCONT');
    }
    expect(await status()).toMatchObject({ status: 'in_process', attempts: 1 });

    // The second attempt is another process's. A busy machine can fail it (a database out of
    // connections), and a third then finishes it: the reasons are kept to show in the message.
    const failures = new Set<string>();
    const done = await until(
      'another process to finish it',
      async () => {
        const row = await status();
        if (row.failureReason) failures.add(row.failureReason);
        return row.status === 'done' && row;
      },
      90_000,
    );
    expect(done.attempts, `failed attempts: ${[...failures].join('; ')}`).toBe(2 + Math.min(failures.size, 1));
  }, 120_000);
});
