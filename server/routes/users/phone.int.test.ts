import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopper } from '../../test/shoppers.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('PUT /api/users/me/phone', () => {
  it('keeps the phone on the account, for the profile and every later sign-in', async () => {
    const shopper = await createShopper(ctx);
    expect(
      (await ctx.app.inject({ url: '/api/users/me', headers: shopper.headers })).json().phoneScreen,
    ).toBeUndefined();

    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/phone',
      headers: shopper.headers,
      payload: { screen: '1179x2556' },
    });
    expect(saved.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: shopper.headers })).json().phoneScreen).toBe(
      '1179x2556',
    );
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: shopper.email, password: 'violet-harbor-42' },
    });
    expect(login.json()).toMatchObject({ loginSucceed: true, phoneScreen: '1179x2556' });
  });

  it('refuses an anonymous caller and a screen that is not one', async () => {
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/phone',
      payload: { screen: '1170x2532' },
    });
    expect(anonymous.statusCode).toBe(401);
    const shopper = await createShopper(ctx);
    for (const screen of ['phone', '100x100', '99999x1']) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/me/phone',
        headers: shopper.headers,
        payload: { screen },
      });
      expect(response.statusCode, screen).toBe(400);
      expect(response.json().message, screen).toMatch(/screen/);
    }
  });
});
