import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItemRow } from '../../test/builders.ts';
import { buyWithTestWallet, createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { scrapeMetrics, seriesValue } from '../../test/metrics-text.ts';

const TOKEN = 'metrics-token-for-the-tests';
let ctx: TestContext;
const paid = buildItemRow({ itemId: '20261101_0000_e0000001', priceCents: 300 });

beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN: TOKEN, TRUST_PROXY: '127.0.0.1' });
  await ctx.catalogue.insert([paid]);
});
afterAll(() => ctx.close());

const scrape = () => scrapeMetrics(ctx, TOKEN);
const value = seriesValue;

describe('metrics', () => {
  it('are closed to anyone without the token, and off where no token is set', async () => {
    expect((await ctx.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/metrics', headers: { authorization: 'Bearer guess' } })).statusCode).toBe(
      401,
    );
    const off = await createTestContext();
    try {
      expect((await off.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('count requests by route and status, cache lookups, payments, queues, memory and the event loop', async () => {
    await ctx.app.inject({ url: '/api/items?limit=5' });
    await ctx.app.inject({ url: '/api/items?limit=5' });
    await ctx.app.inject({ url: '/api/items?limit=4' });
    await ctx.app.inject({ url: `/api/items/${paid.itemId}` });
    await ctx.app.inject({ url: '/api/items/-leading' });
    const shopper = await createShopper(ctx);
    await buyWithTestWallet(ctx, shopper.headers, [paid.itemId]);
    const text = await scrape();
    expect(value(text, 'http_request_duration_seconds_count{route="/api/items",method="GET",status="200"}')).toBe(3);
    expect(
      value(text, 'http_request_duration_seconds_count{route="/api/items/:itemId",method="GET",status="200"}'),
    ).toBe(1);
    expect(
      value(text, 'http_request_duration_seconds_count{route="/api/items/:itemId",method="GET",status="400"}'),
    ).toBe(1);
    expect(value(text, 'cache_lookups_total{cache="answers",result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'cache_lookups_total{cache="answers",result="miss"}')).toBeGreaterThanOrEqual(1);
    // The first list read its item's row; the second, of the same item, its kept JSON.
    expect(value(text, 'cache_lookups_total{cache="items",result="miss"}')).toBe(1);
    expect(value(text, 'cache_lookups_total{cache="items",result="hit"}')).toBe(1);
    expect(value(text, 'payments_total{outcome="paid"}')).toBe(1);
    expect(value(text, 'jobs_pending')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'waiting_list_queued')).toBe(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  });
});

describe('request ids', () => {
  it("are on every answer, and a trusted proxy's own is kept", async () => {
    for (const url of ['/api/items?limit=1', '/api/health', '/api/nothing', '/api/items/-leading']) {
      const answer = await ctx.app.inject({ url });
      expect(answer.headers['x-request-id'], url).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    }
    const proxied = await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-7f3a-22' } });
    expect(proxied.headers['x-request-id']).toBe('lb-7f3a-22');
    const forged = await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': 'line\nbreak' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
  });

  it('are made by the store when it trusts no proxy, whatever a client sends', async () => {
    const open = await createTestContext();
    try {
      const answer = await open.app.inject({ url: '/api/health', headers: { 'x-request-id': 'chosen-by-client' } });
      expect(answer.headers['x-request-id']).not.toBe('chosen-by-client');
    } finally {
      await open.close();
    }
  });
});
