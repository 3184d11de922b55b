import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/test-app.ts';

async function health(env: Record<string, string> = {}) {
  const ctx = await createTestContext(env);
  try {
    const response = await ctx.app.inject({ url: '/api/health' });
    return { status: response.statusCode, body: response.json() };
  } finally {
    await ctx.close();
  }
}

const PAYPAL = { PAYPAL_CLIENT_ID: 'client-id', PAYPAL_CLIENT_SECRET: 'client-secret' };

describe('GET /api/health', () => {
  it('reports the database, the storage and the test wallet', async () => {
    expect(await health()).toEqual({
      status: 200,
      body: { status: 'ok', database: 'ok', storage: 'ok', payments: 'test', webhooks: 'not-used' },
    });
  });

  it('says when a public store without a payment provider takes no payments, and stays healthy', async () => {
    expect(await health({ PUBLIC_URL: 'https://shop.example.com' })).toEqual({
      status: 200,
      body: { status: 'ok', database: 'ok', storage: 'ok', payments: 'none', webhooks: 'not-used' },
    });
  });

  it('reports PayPal webhooks as unverified without PAYPAL_WEBHOOK_ID, and verified with it', async () => {
    expect((await health(PAYPAL)).body).toMatchObject({ payments: 'paypal', webhooks: 'unverified' });
    expect((await health({ ...PAYPAL, PAYPAL_WEBHOOK_ID: 'WH-123' })).body).toMatchObject({
      payments: 'paypal',
      webhooks: 'verified',
    });
  });

  it('answers every one of many overlapping probes as healthy, as a load balancer sends them', async () => {
    const ctx = await createTestContext();
    try {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const answers = await Promise.all(
        Array.from({ length: 60 }, () => fetch(`http://127.0.0.1:${port}/api/health`).then((answer) => answer.json())),
      );
      expect(answers.filter((answer) => answer.status !== 'ok')).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
