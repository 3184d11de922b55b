import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItemRow } from '../test/builders.ts';
import { createShopper } from '../test/shoppers.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ ORDER_RATE_LIMIT: '3', VITALS_RATE_LIMIT: '4' });
  await ctx.catalogue.insert([buildItemRow({ itemId: '20261121_0000_a0000001' })]);
});
afterAll(() => ctx.close());

describe('rate limits', () => {
  it('hold a shopper to ORDER_RATE_LIMIT orders per ten minutes, and leave other shoppers alone', async () => {
    const greedy = await createShopper(ctx);
    const order = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/orders', headers, payload: { itemIds: ['20261121_0000_a0000001'] } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await order(greedy.headers)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await order(greedy.headers)).headers['retry-after']).toBeDefined();
    expect((await order((await createShopper(ctx)).headers)).statusCode).toBe(201);
  });

  it('hold an address to VITALS_RATE_LIMIT web-vitals reports a minute', async () => {
    const report = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/vitals',
        remoteAddress,
        payload: { name: 'LCP', value: 1200, rating: 'good', path: '/', navigationType: 'navigate' },
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await report('10.9.0.1')).statusCode);
    expect(statuses).toEqual([204, 204, 204, 204, 429]);
    expect((await report('10.9.0.2')).statusCode).toBe(204);
  });
});
