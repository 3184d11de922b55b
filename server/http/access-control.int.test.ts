import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '#contract/constants.ts';
import { createShopper } from '../test/shoppers.ts';
import { createTestContext, type TestContext } from '../test/test-app.ts';

/**
 * Every documented operation that anyone may call (the public files under /images,
 * /robots.txt and /sitemap.xml are left out of the document). Any other operation must refuse an anonymous
 * caller (401) and, on admin routes, a shopper (403) before it reads the request, so a route
 * added without `config.access` fails here until it is listed as public on purpose.
 */
const PUBLIC_OPERATIONS = [
  'GET /api/banners',
  'GET /api/bundles',
  'GET /api/bundles/{bundleId}',
  'GET /api/config',
  'GET /api/downloads/free/{itemId}/fit/{screen}',
  'GET /api/downloads/free/{itemId}/{index}?',
  'GET /api/downloads/{token}',
  'GET /api/health',
  'GET /api/items',
  'GET /api/items/boards/top',
  'GET /api/items/catalogs/top',
  'GET /api/items/photoType/{type}',
  'GET /api/items/search',
  'GET /api/items/search/{term}',
  'GET /api/items/settings/init',
  'GET /api/items/tag/{tag}',
  'GET /api/items/tags',
  'GET /api/items/wallpapers/page',
  'GET /api/items/wallpapers/popular',
  'GET /api/items/{itemId}',
  'GET /api/items/{itemId}/like',
  'GET /api/phone-links/{code}',
  'GET /api/users/{id}/verify/{token}',
  'GET /p/{code}',
  // Guarded by its own token (METRICS_TOKEN), not by a session.
  'GET /metrics',
  'POST /api/items/log',
  'POST /api/items/{itemId}/views',
  'POST /api/phone-links',
  'POST /api/users/login',
  'POST /api/users/logout',
  'POST /api/users/password/forgot',
  'POST /api/users/password/reset',
  'POST /api/users/register',
  'POST /api/vitals',
  'POST /api/webhooks/paypal',
];

interface Operation {
  method: string;
  path: string;
  access: 'user' | 'admin' | undefined;
}

let ctx: TestContext;
let operations: Operation[];
let shopper: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.ready();
  const document = ctx.app.swagger() as { paths: Record<string, Record<string, { 'x-access'?: 'user' | 'admin' }>> };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, access: operation['x-access'] })),
  );
  shopper = (await createShopper(ctx)).headers;
});
afterAll(() => ctx.close());

/** A request that would fail validation everywhere: parameters of the wrong shape and a body of nonsense. */
function malformed(operation: Operation, headers: Record<string, string> = {}) {
  const url = operation.path.replace(/\{[^}]+\}\??/g, 'not~valid');
  const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  return ctx.app.inject({
    method: operation.method as 'GET',
    url: `${url}?limit=-5&itemId=..%2F..&kind=nonsense`,
    headers: { ...headers, ...(withBody && { 'content-type': 'application/json' }) },
    ...(withBody && { payload: '{"itemIds": "not a list", "price": "free"}' }),
  });
}

describe('refusal before reading', () => {
  it('guards every operation that is not public on purpose, and lists every public one', () => {
    const unguarded = operations.filter((op) => !op.access).map((op) => `${op.method} ${op.path}`);
    expect(unguarded.sort()).toEqual([...PUBLIC_OPERATIONS].sort());
    // The account and admin areas named by the issue are among the guarded ones.
    const guarded = operations.filter((op) => op.access).map((op) => `${op.method} ${op.path}`);
    expect(guarded).toEqual(
      expect.arrayContaining([
        'POST /api/items',
        'PATCH /api/items/waiting/delete/{id}',
        'POST /api/uploads',
        'GET /api/storage/list',
        'POST /api/orders',
        'GET /api/library',
        'GET /api/users/me',
      ]),
    );
  });

  /** Every operation of `refused` answers the caller `status` with `message`, whatever the request held. */
  async function expectRefused(
    refused: Operation[],
    headers: Record<string, string>,
    expected: { status: number; message: string },
  ) {
    for (const operation of refused) {
      const route = `${operation.method} ${operation.path}`;
      const response = await malformed(operation, headers);
      expect({ route, status: response.statusCode, body: response.json() }).toEqual({
        route,
        status: expected.status,
        body: { message: expected.message },
      });
    }
  }

  it('answers an anonymous caller 401 on every operation not public, saying nothing of the body', async () => {
    const notPublic = operations.filter((op) => !PUBLIC_OPERATIONS.includes(`${op.method} ${op.path}`));
    expect(notPublic.length).toBeGreaterThan(15);
    await expectRefused(notPublic, {}, { status: 401, message: USER_MESSAGES.loginRequired });
  });

  it('answers a shopper 403 on every admin operation, before validation', async () => {
    const adminOnly = operations.filter((op) => op.access === 'admin');
    expect(adminOnly.length).toBeGreaterThan(10);
    await expectRefused(adminOnly, shopper, { status: 403, message: USER_MESSAGES.adminOnly });
  });

  it('lets a shopper through to validation on account operations', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper,
      payload: { itemIds: 'not a list' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/itemIds/);
  });

  it('tells API clients which operations need a session, and which role', () => {
    const document = ctx.app.swagger() as {
      components: { securitySchemes: object };
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(document.components.securitySchemes).toHaveProperty('session');
    expect(document.paths['/api/items']!.post!.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/items']!.get!.security).toBeUndefined();
  });
});
