import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailedJob } from '#contract/admin.ts';
import type { OrderResult } from '#contract/orders.ts';
import { grants, jobs, orders, transactions } from '../../db/schema.ts';
import { buildItemRow } from '../../test/builders.ts';
import { createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let admin: Record<string, string>;
const items = Array.from({ length: 8 }, (_, i) =>
  buildItemRow({ itemId: `20261110_0000_f00000${i}0`, name: `Safe ${i}`, priceCents: 280 }),
);
let next = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const row of items)
    await ctx.storage.put(row.downloads[0]!.key, Buffer.from(row.itemId), { contentType: 'image/jpeg' });
  await ctx.catalogue.insert(items);
  const a = await createShopper(ctx, 'Admin');
  await ctx.accounts.promote(a.email);
  admin = a.headers;
});
afterAll(() => ctx.close());

const order = (headers: Record<string, string>, itemIds: string[]) =>
  ctx.app.inject({ method: 'POST', url: '/api/orders', headers, payload: { itemIds } });
const capture = (headers: Record<string, string>, id: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/orders/${id}/capture`, headers });
const outboxFile = (key: string) => `${ctx.config.outboxDir}/${key.replace(':', '-')}.eml`;

describe('one purchase per item', () => {
  it('charges once when a shopper makes two orders for one item and tries to pay both', async () => {
    const shopper = await createShopper(ctx);
    const item = items[next++]!;
    const first = (await order(shopper.headers, [item.itemId])).json<{ id: string; orderId: string }>();
    const second = (await order(shopper.headers, [item.itemId])).json<{ id: string; orderId: string }>();

    // The newer order replaced the older one, which can no longer be paid.
    const stale = await capture(shopper.headers, first.id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/replaced by a newer one/);
    const paid = await capture(shopper.headers, second.id);
    expect(paid.json<OrderResult>().status).toBe('paid');
    expect(await capture(shopper.headers, first.id).then((r) => r.statusCode)).toBe(409);

    const charged = await ctx.db.select().from(transactions).where(eq(transactions.email, shopper.email));
    expect(charged).toHaveLength(1);
    expect(charged[0]!.orderId).toBe(second.orderId);
    expect(await ctx.db.select().from(grants).where(eq(grants.userId, shopper.uid))).toEqual([
      expect.objectContaining({ orderId: second.orderId, itemId: item.itemId }),
    ]);
    // The paying order's links work.
    expect((await ctx.app.inject({ url: paid.json<OrderResult>().items[0]!.downloads[0]!.link })).statusCode).toBe(200);
    // Owning it now, a new order for it is refused, naming it.
    const again = await order(shopper.headers, [item.itemId]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`You already own: ${item.name}`);
  });

  it('refuses to start a second payment for an item while one is under way', async () => {
    const shopper = await createShopper(ctx);
    const item = items[next++]!;
    const created = (await order(shopper.headers, [item.itemId])).json<{ orderId: string }>();
    await ctx.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, created.orderId));
    const second = await order(shopper.headers, [item.itemId]);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already under way/);
  });
});

describe('a capture cut off by a crash', () => {
  async function cutOff(startedAgoMs: number) {
    const shopper = await createShopper(ctx);
    const created = (await order(shopper.headers, [items[next++]!.itemId])).json<{ id: string; orderId: string }>();
    // As a process that claimed the order and died before recording the provider's answer leaves it.
    await ctx.db
      .update(orders)
      .set({ status: 'capturing', captureStartedAt: new Date(Date.now() - startedAgoMs) })
      .where(eq(orders.id, created.orderId));
    return { shopper, ...created };
  }

  it("is finished by the shopper's retry at once, not after a wait", async () => {
    const stuck = await cutOff(60_000);
    const started = Date.now();
    const retry = await capture(stuck.shopper.headers, stuck.id);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(retry.json<OrderResult>()).toMatchObject({ status: 'paid', transactionId: expect.any(String) });
    await ctx.settleJobs();
    expect(fs.existsSync(outboxFile(`order-email:${stuck.orderId}`))).toBe(true);
  });

  it("is finished by the worker's recovery, while a capture under way is left to its request", async () => {
    const stuck = await cutOff(60_000);
    const underWay = await cutOff(0);
    expect(await ctx.checkout.recoverCaptures({ all: false })).toBe(1);
    const [recovered] = await ctx.db.select().from(orders).where(eq(orders.id, stuck.orderId));
    const [left] = await ctx.db.select().from(orders).where(eq(orders.id, underWay.orderId));
    expect(recovered!.status).toBe('paid');
    expect(left!.status).toBe('capturing');
    // With the embedded database at start, no other process can be capturing: all are taken.
    expect(await ctx.checkout.recoverCaptures({ all: true })).toBe(1);
    expect((await ctx.db.select().from(orders).where(eq(orders.id, underWay.orderId)))[0]!.status).toBe('paid');
  });
});

describe('order emails through the outbox', () => {
  it('are kept until the mailer takes them, resent on confirmation once they gave up, and shown to administrators', async () => {
    const shopper = await createShopper(ctx);
    const created = (await order(shopper.headers, [items[next++]!.itemId])).json<{ id: string; orderId: string }>();
    // The outbox folder cannot be written: a file stands where it should be.
    fs.rmSync(ctx.config.outboxDir, { recursive: true, force: true });
    fs.writeFileSync(ctx.config.outboxDir, 'not a folder');
    try {
      const paid = (await capture(shopper.headers, created.id)).json<OrderResult>();
      expect(paid.status).toBe('paid');
      await ctx.settleJobs();
      const [job] = await ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `order-email:${created.orderId}`));
      expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringMatching(/EEXIST|ENOTDIR/) });
      expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());

      // After its last retry it gives up; administrators see it.
      await ctx.db.update(jobs).set({ status: 'failed', attempts: 10 }).where(eq(jobs.id, job!.id));
      const failed = (await ctx.app.inject({ url: '/api/jobs/failed', headers: admin })).json<FailedJob[]>();
      expect(failed).toContainEqual(expect.objectContaining({ id: job!.id, kind: 'order-email', attempts: 10 }));
      expect((await ctx.app.inject({ url: '/api/jobs/failed', headers: shopper.headers })).statusCode).toBe(403);
    } finally {
      fs.rmSync(ctx.config.outboxDir, { force: true });
    }
    // The mail server is back; the success page's confirmation queues the email again, once.
    for (let i = 0; i < 2; i++) {
      const confirm = await ctx.app.inject({
        method: 'POST',
        url: '/api/items/transaction',
        headers: shopper.headers,
        payload: {
          transactionId: (await ctx.db.select().from(transactions).where(eq(transactions.orderId, created.orderId)))[0]!
            .transactionId,
        },
      });
      expect(confirm.statusCode).toBe(200);
    }
    await ctx.settleJobs();
    expect(fs.readdirSync(ctx.config.outboxDir).filter((name) => name.includes(created.orderId))).toEqual([
      `order-email-${created.orderId}.eml`,
    ]);
    expect(
      (
        await ctx.db
          .select()
          .from(jobs)
          .where(eq(jobs.key, `order-email:${created.orderId}`))
      )[0]!.status,
    ).toBe('done');
  });

  it('can be retried by an administrator', async () => {
    const [job] = await ctx.db
      .insert(jobs)
      .values({
        kind: 'order-email',
        key: 'order-email:00000000-0000-4000-8000-000000000000',
        payload: { orderId: '00000000-0000-4000-8000-000000000000' },
        status: 'failed',
        attempts: 10,
      })
      .returning();
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/jobs/${job!.id}/retry`, headers: admin })).statusCode,
    ).toBe(204);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/jobs/${job!.id}/retry`, headers: admin })).statusCode,
    ).toBe(404);
    await ctx.settleJobs();
    // An order that does not exist: the handler fails, and the job waits for its next retry.
    expect((await ctx.db.select().from(jobs).where(eq(jobs.id, job!.id)))[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
    });
  });
});
