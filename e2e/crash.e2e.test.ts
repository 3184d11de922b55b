import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/shared/config.ts';
import { grants, jobs, orderLines, orders, transactions, users } from '../server/db/schema.ts';
import { createLogger } from '../server/shared/logger.ts';
import { openRuntime, type Runtime } from '../server/app/runtime.ts';
import { buildItemRow } from '../server/test/builders.ts';
import { startFakePayPal } from '../server/test/fake-paypal.ts';
import { startStore, type RunningStore } from './store.ts';

/**
 * A real server killed with SIGKILL in the middle of payments, registrations and an upload,
 * then started again on the same data: nothing acknowledged is lost, nobody pays twice, every
 * paid order's email is sent exactly once, and the sweeper leaves nothing behind. And killed
 * while PayPal makes a refund: the refund completes once after the restart.
 */

const SHOPPERS = 12;
/** Items each shopper buys, one after another, until the server dies. */
const ITEMS_PER_SHOPPER = 6;
/** Visitors registering new accounts, one after another, until the server dies. */
const REGISTERING = 6;
/** The kill comes the moment this many payments and this many registrations have been acknowledged. */
const ACKNOWLEDGED_BEFORE_KILL = 4;
const PASSWORD = 'violet-harbor-42';

interface Database {
  kind: 'pglite' | 'postgres';
  url?: string;
  drop?: () => Promise<void>;
}

const postgresUrl = process.env.TEST_DATABASE_URL;
const databases: Database['kind'][] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
if (!postgresUrl && process.env.CI)
  throw new Error('CI runs the crash tests on PostgreSQL too: set TEST_DATABASE_URL.');

async function createPostgresDatabase(): Promise<Database> {
  const name = `pw_crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: postgresUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** The store's environment, the same for both lives of the server. */
function storeEnv(database: Database): Record<string, string> {
  return {
    SEED_DEMO: 'false',
    ORPHAN_GRACE_SECONDS: '1',
    // On PostgreSQL a capture or refund cut off by the kill is taken over once its claim times out.
    CLAIM_TIMEOUT_SECONDS: '3',
    // Every simulated client comes from one address: no cap on connections per address here.
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    AUTH_RATE_LIMIT_PER_IP: '10000',
    ...(database.url && { DATABASE_URL: database.url }),
  };
}

/** Opens the store's data as the server does, for setting it up before and reading it after. */
async function withRuntime<T>(dataDir: string, database: Database, work: (runtime: Runtime) => Promise<T>): Promise<T> {
  const config = loadConfig({ ...storeEnv(database), DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const runtime = await openRuntime(config, createLogger(config));
  try {
    return await work(runtime);
  } finally {
    await runtime.close();
  }
}

async function post(baseUrl: string, url: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

/** An upload that sends part of a large file and then waits, so the kill finds it half written. */
function startSlowUpload(baseUrl: string, token: string): { sent: Promise<void> } {
  const boundary = 'crash-boundary';
  const request = http.request(`${baseUrl}/api/uploads?itemId=20261201_0000_c0ffee01&kind=image`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'transfer-encoding': 'chunked',
    },
  });
  request.on('error', () => {});
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  // A JPEG's first bytes, then a lot more of the file.
  request.write(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2 * 1024 * 1024)]));
  return { sent: new Promise((resolve) => setTimeout(resolve, 500)) };
}

const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs = 90_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.each(databases)('kill -9 in the middle of payments (%s)', (kind) => {
  it('loses nothing acknowledged, charges nobody twice, sends each order email once, and leaves nothing behind', async () => {
    const database = kind === 'postgres' ? await createPostgresDatabase() : { kind };
    if (database.drop) cleanups.push(database.drop);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    // A catalogue of paid items (made with every image, so no backfill job runs), shoppers who
    // can log in, and an administrator.
    const made = { ld: 'thumb.webp', sd: 'thumb.webp', hd: 'hd.webp' };
    const items = Array.from({ length: SHOPPERS * ITEMS_PER_SHOPPER }, (_, i) => {
      const row = buildItemRow({ itemId: `20261201_0000_${String(i).padStart(8, '0')}`, name: `Crash ${i}` });
      return { ...row, media: { ...row.media, previews: made, blurred: 'blurred.webp' } };
    });
    const shoppers = Array.from({ length: SHOPPERS }, (_, i) => `crash-shopper-${i}@example.com`);
    await withRuntime(dataDir, database, async (runtime) => {
      for (const row of items)
        await runtime.storage.put(row.downloads[0]!.key, Buffer.from(row.itemId), { contentType: 'image/jpeg' });
      await runtime.catalogue.insert(items);
      for (const email of shoppers)
        await runtime.accounts.createAdmin({ email, password: PASSWORD, firstName: 'Shopper' });
      await runtime.database.db.update(users).set({ isAdmin: false }).where(inArray(users.email, shoppers));
      await runtime.accounts.createAdmin({ email: 'crash-admin@example.com', password: PASSWORD, firstName: 'Admin' });
    });

    const store: RunningStore = await startStore({ dataDir, env: storeEnv(database) });
    cleanups.push(() => void store.stop());
    const token = async (email: string) =>
      (await post(store.baseUrl, '/api/users/login', { email, password: PASSWORD })).body.token as string;
    const tokens = await Promise.all(shoppers.map(token));
    const adminToken = await token('crash-admin@example.com');

    // Shoppers buy item after item, each time making two orders for it and paying both at once;
    // visitors register one account after another; an upload is under way. The kill comes mid-way.
    const acknowledgedCaptures = new Set<string>();
    const acknowledgedAccounts = new Set<string>();
    const orderIds: { id: string; shopper: string }[] = [];
    let cutOff = 0;
    const alive = () => store.process.exitCode === null && store.process.signalCode === null;
    const killWhenDue = () => {
      if (
        acknowledgedCaptures.size >= ACKNOWLEDGED_BEFORE_KILL &&
        acknowledgedAccounts.size >= ACKNOWLEDGED_BEFORE_KILL &&
        alive()
      )
        store.process.kill('SIGKILL');
    };
    /** A request the kill may cut off: counted, not thrown. */
    const attempt = async (request: () => Promise<void>) => {
      try {
        await request();
      } catch {
        cutOff++;
      }
    };
    const upload = startSlowUpload(store.baseUrl, adminToken);
    const payments = tokens.map(async (shopper, i) => {
      for (let k = 0; k < ITEMS_PER_SHOPPER && alive(); k++) {
        const itemId = items[i + k * SHOPPERS]!.itemId;
        await attempt(async () => {
          const created = await Promise.all(
            [0, 1].map(() => post(store.baseUrl, '/api/orders', { itemIds: [itemId] }, shopper)),
          );
          await Promise.all(
            created
              .filter((order) => order.status === 201)
              .map((order) =>
                attempt(async () => {
                  orderIds.push({ id: String(order.body.id), shopper });
                  const paid = await post(store.baseUrl, `/api/orders/${String(order.body.id)}/capture`, {}, shopper);
                  if (paid.status === 200 && paid.body.status === 'paid')
                    acknowledgedCaptures.add(String(paid.body.orderId));
                  killWhenDue();
                }),
              ),
          );
        });
      }
    });
    let registered = 0;
    const registrations = Array.from({ length: REGISTERING }, async () => {
      while (alive()) {
        const email = `crash-new-${registered++}@example.com`;
        await attempt(async () => {
          const answer = await post(store.baseUrl, '/api/users/register', {
            firstName: 'New',
            email,
            password: PASSWORD,
          });
          if (answer.status === 201) acknowledgedAccounts.add(email);
          killWhenDue();
        });
      }
    });
    await upload.sent;
    await Promise.all([...payments, ...registrations]);
    expect(await store.stop()).toBe(null);
    const leftInTmp = fs.readdirSync(path.join(dataDir, 'storage', 'tmp'));
    // The kill came mid-way: some requests acknowledged, others cut off, the upload half written.
    expect(acknowledgedCaptures.size).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    expect(acknowledgedAccounts.size).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
    expect(cutOff).toBeGreaterThan(0);
    expect(leftInTmp.length).toBeGreaterThan(0);
    // A write younger than the grace period may be another process's upload still running, so the
    // next start's sweep leaves it; the kill's is older by the time the second life starts.
    await new Promise((resolve) => setTimeout(resolve, Number(storeEnv(database).ORPHAN_GRACE_SECONDS) * 1000 + 100));

    // The second life: shoppers whose payments were cut off try again, as PayPal's buttons or a reload would.
    const restarted = await startStore({ dataDir, env: storeEnv(database) });
    cleanups.push(() => void restarted.stop());
    const get = async (url: string, bearer: string) =>
      (await fetch(`${restarted.baseUrl}${url}`, { headers: { authorization: `Bearer ${bearer}` } })).json() as Promise<
        Record<string, unknown>
      >;
    const settled = new Set(['paid', 'failed', 'cancelled']);
    await waitFor('every payment to reach a final state', async () => {
      const states = await Promise.all(
        orderIds.map(async ({ id, shopper }) => {
          const order = await get(`/api/orders/${id}`, shopper);
          if (settled.has(String(order.status))) return true;
          await fetch(`${restarted.baseUrl}/api/orders/${id}/capture`, {
            method: 'POST',
            headers: { authorization: `Bearer ${shopper}` },
          });
          return false;
        }),
      );
      return states.every(Boolean);
    });
    await waitFor('every email and refund to be done', async () => {
      const summary = await get('/api/jobs/summary', adminToken);
      return summary.queued === 0 && summary.running === 0 && summary.failed === 0;
    });
    // The worker swept at its start; the kill's half-written upload was older than the grace period.
    expect(fs.readdirSync(path.join(dataDir, 'storage', 'tmp')).filter((name) => !name.startsWith('health'))).toEqual(
      [],
    );
    expect(await restarted.stop()).toBe(0);

    await withRuntime(dataDir, database, async (runtime) => {
      const db = runtime.database.db;
      const paid = await db.select().from(orders).where(eq(orders.status, 'paid'));
      // Every payment the server acknowledged is there, with its transaction and grant.
      for (const orderId of acknowledgedCaptures) {
        expect(paid.map((order) => order.id)).toContain(orderId);
        expect(await db.select().from(transactions).where(eq(transactions.orderId, orderId))).toHaveLength(1);
        expect(await db.select().from(grants).where(eq(grants.orderId, orderId))).toHaveLength(1);
      }
      // Every account the server acknowledged is there.
      const accounts = await db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.email, [...acknowledgedAccounts, 'none@example.com']));
      expect(accounts.map((row) => row.email).sort()).toEqual([...acknowledgedAccounts].sort());
      // Nobody paid twice for an item: one paid, unrefunded line per shopper and item.
      const charges = await db
        .select({ userId: orders.userId, itemId: orderLines.itemId, n: sql<number>`count(*)` })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(orders.status, 'paid'), sql`${orderLines.refundedAt} is null`))
        .groupBy(orders.userId, orderLines.itemId);
      expect(charges.filter((charge) => Number(charge.n) > 1)).toEqual([]);
      expect(await db.select().from(grants)).toHaveLength(paid.length);
      // Each paid order's email exactly once: one file per order in the outbox, and its job done.
      const outbox = fs.readdirSync(path.join(dataDir, 'outbox'));
      for (const order of paid)
        expect(outbox.filter((name) => name.includes(order.id))).toEqual([`order-email-${order.id}.eml`]);
      expect(
        await db
          .select()
          .from(jobs)
          .where(sql`${jobs.status} <> 'done'`),
      ).toEqual([]);
      // Nothing the kill left survives the sweeper: no unfinished write, no file of an item that does not exist.
      expect(fs.readdirSync(path.join(dataDir, 'storage', 'tmp')).filter((name) => !name.startsWith('health'))).toEqual(
        [],
      );
      const folders = (await runtime.storage.listFolders({ prefix: 'downloads/items/', pageSize: 1000 })).folders;
      expect(folders.filter((folder) => !items.some((item) => item.itemId === folder))).toEqual([]);
      console.info(
        `crash (${kind}): ${acknowledgedCaptures.size} payments acknowledged before the kill, ${paid.length} paid after recovery, ` +
          `${acknowledgedAccounts.size} accounts acknowledged, ${cutOff} requests cut off by the kill, ${leftInTmp.length} unfinished writes swept`,
      );
    });
  }, 240_000);
});

describe.each(databases)('kill -9 in the middle of a refund (%s)', (kind) => {
  it('completes the refund exactly once after the restart: one refund at PayPal, one email, the downloads stopped', async () => {
    const database = kind === 'postgres' ? await createPostgresDatabase() : { kind };
    if (database.drop) cleanups.push(database.drop);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-refund-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const credentials = { clientId: 'crash-client', clientSecret: 'crash-secret' };
    const paypal = await startFakePayPal(credentials);
    cleanups.push(() => paypal.close());
    const env = {
      ...storeEnv(database),
      PAYPAL_CLIENT_ID: credentials.clientId,
      PAYPAL_CLIENT_SECRET: credentials.clientSecret,
      PAYPAL_API_BASE: paypal.url,
    };

    const items = [0, 1].map((i) => buildItemRow({ itemId: `20261202_0000_4ef0000${i}`, name: `Refunded ${i}` }));
    await withRuntime(dataDir, database, async (runtime) => {
      for (const row of items)
        await runtime.storage.put(row.downloads[0]!.key, Buffer.from(row.itemId), { contentType: 'image/jpeg' });
      await runtime.catalogue.insert(items);
      for (const email of ['refund-shopper@example.com', 'refund-owner@example.com'])
        await runtime.accounts.createAdmin({ email, password: PASSWORD, firstName: 'Ada' });
      await runtime.database.db
        .update(users)
        .set({ isAdmin: false })
        .where(eq(users.email, 'refund-shopper@example.com'));
    });

    const store = await startStore({ dataDir, env });
    cleanups.push(() => void store.stop());
    const token = async (email: string) =>
      (await post(store.baseUrl, '/api/users/login', { email, password: PASSWORD })).body.token as string;
    const shopper = await token('refund-shopper@example.com');
    const owner = await token('refund-owner@example.com');
    const created = await post(store.baseUrl, '/api/orders', { itemIds: items.map((item) => item.itemId) }, shopper);
    paypal.approve(String(created.body.id));
    const paid = await post(store.baseUrl, `/api/orders/${String(created.body.id)}/capture`, {}, shopper);
    expect(paid.body.status).toBe('paid');
    const orderId = String(paid.body.orderId);
    const links = (paid.body.items as { downloads: { link: string }[] }[]).map((item) => item.downloads[0]!.link);

    // PayPal makes the refund, and the server dies before it hears the answer.
    const killed = once(store.process, 'exit');
    paypal.state.duringRefund = async () => {
      store.process.kill('SIGKILL');
      await killed;
    };
    // The kill may come before the answer reaches the owner's browser: PayPal's record says it was asked.
    await post(store.baseUrl, `/api/admin/orders/${orderId}/refunds`, {}, owner).catch(() => undefined);
    await killed;
    paypal.state.duringRefund = undefined;
    expect([...paypal.state.refunds.keys()]).toHaveLength(1);

    const restarted = await startStore({ dataDir, env });
    cleanups.push(() => void restarted.stop());
    const owner2 = (
      await post(restarted.baseUrl, '/api/users/login', { email: 'refund-owner@example.com', password: PASSWORD })
    ).body.token as string;
    const order = async () =>
      (await fetch(`${restarted.baseUrl}/api/admin/orders/${orderId}`, {
        headers: { authorization: `Bearer ${owner2}` },
      }).then((response) => response.json())) as {
        status: string;
        refunds: { status: string }[];
        emails: { kind: string; status: string }[];
      };
    await waitFor('the refund to complete after the restart', async () => {
      const now = await order();
      return (
        now.status === 'refunded' &&
        now.emails.some((email) => email.kind === 'refund-email' && email.status === 'done')
      );
    });
    const settledOrder = await order();
    expect(settledOrder.refunds).toEqual([expect.objectContaining({ status: 'completed' })]);
    for (const link of links) expect((await fetch(`${restarted.baseUrl}${link}`)).status).toBe(410);
    expect(await restarted.stop()).toBe(0);

    // PayPal was asked twice with the same request id and refunded once; the buyer got one email.
    const refundCalls = paypal.state.requests.filter((request) => request.path.endsWith('/refund'));
    expect(refundCalls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(refundCalls.map((request) => request.requestId)).size).toBe(1);
    expect([...paypal.state.refunds.keys()]).toHaveLength(1);
    const outbox = fs
      .readdirSync(path.join(dataDir, 'outbox'))
      .filter((name) => name.startsWith(`refund-email-${orderId}`));
    expect(outbox).toHaveLength(1);
    console.info(`refund crash (${kind}): PayPal asked ${refundCalls.length} times, refunded once`);
  }, 180_000);
});
