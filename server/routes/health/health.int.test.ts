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

  it('reports PayPal webhooks as unverified without PAYPAL_WEBHOOK_ID, and verified with it', async () => {
    expect((await health(PAYPAL)).body).toMatchObject({ payments: 'paypal', webhooks: 'unverified' });
    expect((await health({ ...PAYPAL, PAYPAL_WEBHOOK_ID: 'WH-123' })).body).toMatchObject({
      payments: 'paypal',
      webhooks: 'verified',
    });
  });
});
