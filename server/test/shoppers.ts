import { eq } from 'drizzle-orm';
import type { OrderResult, Purchase } from '#contract/orders.ts';
import { users } from '../db/schema.ts';
import type { TestContext } from './test-app.ts';

let count = 0;

/** A verified account logged in through the API; `headers` authenticate as it. */
export async function createShopper(ctx: TestContext, firstName = 'Ada') {
  const email = `shopper${++count}-${Date.now()}@example.com`;
  const password = 'violet-harbor-42';
  const registered = await ctx.accounts.register({ firstName, lastName: 'Lovelace', email, password });
  await ctx.db.update(users).set({ verifiedAt: new Date() }).where(eq(users.id, registered.uid));
  const outcome = await ctx.accounts.login(email, password, '127.0.0.1');
  if (outcome.kind !== 'ok') throw new Error('login failed');
  return { uid: registered.uid, email, headers: { authorization: `Bearer ${outcome.token}` } };
}

/** Orders items (or a bundle) as the shopper and pays with the test wallet; fails unless the order ends paid. */
export async function buyWithTestWallet(
  ctx: TestContext,
  headers: Record<string, string>,
  purchase: string[] | Purchase,
): Promise<OrderResult> {
  const payload = Array.isArray(purchase) ? { itemIds: purchase } : purchase;
  const order = await ctx.app.inject({ method: 'POST', url: '/api/orders', headers, payload });
  if (order.statusCode !== 201) throw new Error(`the order was refused: ${order.body}`);
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${order.json<{ orderId: string }>().orderId}/capture`,
    headers,
  });
  const result = paid.json<OrderResult>();
  if (paid.statusCode !== 200 || result.status !== 'paid') throw new Error(`the payment failed: ${paid.body}`);
  return result;
}
