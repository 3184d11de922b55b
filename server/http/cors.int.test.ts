import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopper } from '../test/shoppers.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';

const PUBLIC_URL = 'https://shop.example.com';
const LISTED = 'https://old-app.example.net';
const UNLISTED = 'https://evil.example';

/** A browser session: the cookie the login set, for requests a front-end on another origin makes with credentials. */
async function sessionCookie(ctx: TestContext): Promise<string> {
  const shopper = await createShopper(ctx);
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/login',
    headers: { origin: PUBLIC_URL },
    payload: { email: shopper.email, password: 'violet-harbor-42' },
  });
  return String(login.headers['set-cookie']).split(';')[0]!;
}

const preflight = (ctx: TestContext, origin: string) =>
  ctx.app.inject({
    method: 'OPTIONS',
    url: '/api/orders',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });

describe('with CORS_ORIGINS', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL, CORS_ORIGINS: LISTED, TEST_WALLET: 'true' });
  });
  afterAll(() => ctx.close());

  it("answers a listed origin's preflight, with credentials", async () => {
    const response = await preflight(ctx, LISTED);
    expect(response.statusCode).toBe(204);
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': LISTED,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': expect.stringContaining('POST'),
      'access-control-allow-headers': 'content-type',
    });
    expect(response.headers.vary).toMatch(/Origin/);
  });

  it('lets a listed origin read answers, and tells caches they depend on the Origin', async () => {
    const response = await ctx.app.inject({ url: '/api/items', headers: { origin: LISTED } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(LISTED);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers.vary).toMatch(/Origin/);
  });

  it('gives an unlisted origin no CORS answer, so its browser keeps the response from it', async () => {
    const answer = await preflight(ctx, UNLISTED);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const read = await ctx.app.inject({ url: '/api/items', headers: { origin: UNLISTED } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('accepts a state change with the session cookie from a listed origin, and refuses one from an unlisted origin', async () => {
    const cookie = await sessionCookie(ctx);
    const fromListed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie, origin: LISTED },
      payload: { itemIds: ['20260101_0000_00000000'] },
    });
    // Past the origin check and the session: refused only for the unknown item.
    expect(fromListed.statusCode).toBe(400);
    expect(fromListed.json().message).toMatch(/not for sale/);
    const fromUnlisted = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie, origin: UNLISTED },
      payload: { itemIds: ['20260101_0000_00000000'] },
    });
    expect(fromUnlisted.statusCode).toBe(403);
    expect(fromUnlisted.json().message).toBe('This request came from another site and was refused.');
  });

  it('leaves Bearer-token clients (the mobile apps) as they were: no Origin needed', async () => {
    const shopper = await createShopper(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.headers,
      payload: { itemIds: ['20260101_0000_00000000'] },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('without CORS_ORIGINS', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL, TEST_WALLET: 'true' });
  });
  afterAll(() => ctx.close());

  it('answers no other origin and refuses its state changes', async () => {
    expect((await preflight(ctx, LISTED)).headers['access-control-allow-origin']).toBeUndefined();
    expect(
      (await ctx.app.inject({ url: '/api/items', headers: { origin: LISTED } })).headers['access-control-allow-origin'],
    ).toBeUndefined();
    const cookie = await sessionCookie(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie, origin: LISTED },
      payload: { itemIds: [] },
    });
    expect(response.statusCode).toBe(403);
  });

  it("still accepts the store's own origin", async () => {
    const cookie = await sessionCookie(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { cookie, origin: PUBLIC_URL },
    });
    expect(response.statusCode).toBe(204);
  });
});
