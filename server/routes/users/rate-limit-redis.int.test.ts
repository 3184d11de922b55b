import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('rate limits with REDIS_URL', () => {
  const contexts: TestContext[] = [];
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, AUTH_RATE_LIMIT_PER_EMAIL: '6', AUTH_RATE_LIMIT_PER_IP: '1000' };
    contexts.push(await createTestContext(env), await createTestContext(env));
  });
  afterAll(() => Promise.all(contexts.map((ctx) => ctx.close())));

  it('are shared by every server process', async () => {
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
    // Password reset requests are limited per email in Redis (failed logins are counted in the database, which processes share anyway).
    const attempt = (ctx: TestContext) =>
      ctx.app.inject({ method: 'POST', url: '/api/users/password/forgot', payload: { email } });
    const statuses = [];
    // Alternate between two servers: the seventh attempt is refused although each saw fewer.
    for (let i = 0; i < 7; i++) statuses.push((await attempt(contexts[i % 2]!)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});
