import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, users, userTokens } from '../../db/schema.ts';
import { linkIn, startSmtpCapture } from '../../test/smtp-capture.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

const PUBLIC_URL = 'http://shop.test';
const ORIGIN = { origin: PUBLIC_URL };
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestContext({
    SMTP_URL: smtp.url,
    PUBLIC_URL,
    AUTH_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_EMAIL: '6',
    LOGIN_BACKOFF_AFTER: '8',
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = ORIGIN) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });
const register = (email: string, password = 'violet-harbor-42') =>
  post('/api/users/register', { firstName: 'Ada', lastName: '', email, password });
const login = (email: string, password = 'violet-harbor-42', remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password },
    headers: ORIGIN,
    remoteAddress,
  });

/** Registers and verifies through the emailed link; returns the user id. */
async function verifiedUser(email: string): Promise<string> {
  const before = smtp.messages.length;
  const { uid } = (await register(email)).json<{ uid: string }>();
  const link = linkIn(await smtp.waitFor(before + 1), `${PUBLIC_URL}/users/`);
  expect((await ctx.app.inject({ url: `/api${new URL(link).pathname}` })).statusCode).toBe(200);
  return uid;
}

async function bearerFor(email: string): Promise<string> {
  return (await login(email)).json<{ token: string }>().token;
}

describe('register and verify', () => {
  it("creates an unverified account, emails a link of the original store's shape, and never returns the token", async () => {
    const response = await register('  Grace@Example.COM ');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ uid: expect.any(String), email: 'grace@example.com', verificationEmailSent: true });

    const mail = await smtp.waitFor(1);
    expect(mail.to).toMatchObject({ text: 'grace@example.com' });
    expect(mail.from?.text).toContain('PaletteWall');
    expect(mail.html).toContain('Verify my email');
    const link = linkIn(mail, PUBLIC_URL);
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/users/${body.uid}/verify/[A-Za-z0-9_-]{43}$`));
    expect(JSON.stringify(body)).not.toContain(link.split('/').at(-1));

    const verify = await ctx.app.inject({ url: `/api${new URL(link).pathname}` });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ message: 'Email verified successfully!', email: 'grace@example.com' });
    // It names the account's email: no cache may keep it.
    expect(verify.headers['cache-control']).toBe('no-store');
    const again = await ctx.app.inject({ url: `/api${new URL(link).pathname}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'Email verification link expired' });
  });

  it('refuses an expired link, a link for another user and a malformed one', async () => {
    const before = smtp.messages.length;
    const { uid } = (await register('late@example.com')).json<{ uid: string }>();
    const path = new URL(linkIn(await smtp.waitFor(before + 1), PUBLIC_URL)).pathname;
    await ctx.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.userId, uid));
    expect((await ctx.app.inject({ url: `/api${path}` })).statusCode).toBe(400);
    const otherUser = path.replace(uid, '00000000-0000-4000-8000-000000000000');
    expect((await ctx.app.inject({ url: `/api${otherUser}` })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: `/api/users/${uid}/verify/short` })).statusCode).toBe(400);
  });

  it("refuses a taken email with 409, a short password with the original store's text, and common passwords", async () => {
    await register('taken@example.com');
    const taken = await register('TAKEN@example.com');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/already exists/);
    const short = await register('short@example.com', 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('Passwords must have at least 8 characters.');
    const common = await register('common@example.com', 'Password1');
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toMatch(/most common/);
    expect(
      (await post('/api/users/register', { email: 'x@example.com', password: 'violet-harbor-42' })).statusCode,
    ).toBe(400);
  });

  it('stores passwords as argon2id hashes', async () => {
    const [row] = await ctx.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'grace@example.com'));
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.hash).not.toContain('violet');
  });
});

describe('login', () => {
  it('answers needVerified for an unverified account and re-sends the email at most once per 7 s', async () => {
    await register('slow@example.com');
    await ctx.settleJobs();
    const sent = smtp.messages.length;
    const first = await login('slow@example.com');
    expect(first.json()).toEqual({ needVerified: true });
    expect(first.headers['set-cookie']).toBeUndefined();
    // Registration sent one a moment ago: the throttle holds the login's re-send back.
    await login('slow@example.com');
    await ctx.settleJobs();
    expect(smtp.messages.length).toBe(sent);
    // Seven seconds later (moved back in the database rather than waited for), it sends again.
    await ctx.db
      .update(users)
      .set({ verificationSentAt: new Date(Date.now() - 7100) })
      .where(eq(users.email, 'slow@example.com'));
    await login('slow@example.com');
    await smtp.waitFor(sent + 1);
    await login('slow@example.com');
    await ctx.settleJobs();
    expect(smtp.messages.length).toBe(sent + 1);
  });

  it('logs a verified user in with a session cookie and a token', async () => {
    const uid = await verifiedUser('ann@example.com');
    const response = await login('ANN@example.com');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      loginSucceed: true,
      uid,
      firstName: 'Ada',
      email: 'ann@example.com',
      isAdmin: false,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^pw_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    await verifiedUser('bob@example.com');
    const wrong = await login('bob@example.com', 'not-the-password');
    const unknown = await login('nobody@example.com', 'not-the-password');
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('trips the per-email rate limit with 429 and a clear message', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await login('target@example.com', `guess-number-${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
    const limited = await login('target@example.com', 'guess');
    expect(limited.json()).toEqual({ message: 'Too many attempts. Please wait a few minutes and try again.' });
    // Another email from the same address is not affected.
    expect((await login('other@example.com', 'whatever-1')).statusCode).toBe(401);
  });

  it("never lets someone else's failures lock the owner out: good logins do not count, and failures count per address", async () => {
    await verifiedUser('owner@example.com');
    for (let i = 0; i < 7; i++) expect((await login('owner@example.com', undefined, '10.0.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await login('owner@example.com', 'wrong-guess', '10.0.0.66')).statusCode).toBe(401);
    expect((await login('owner@example.com', undefined, '10.0.0.2')).statusCode).toBe(200);

    // An address that fails six times waits, even with the right password; the owner elsewhere does not.
    for (let i = 0; i < 6; i++) await login('owner@example.com', 'wrong-guess', '10.0.0.66');
    const blocked = await login('owner@example.com', undefined, '10.0.0.66');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('owner@example.com', undefined, '10.0.0.2')).statusCode).toBe(200);
    // That success cleared the account's failures: the other address may try again.
    expect((await login('owner@example.com', undefined, '10.0.0.66')).statusCode).toBe(200);
  });

  it('slows the addresses attacking an account with a growing wait, and counts the attempts made while they wait', async () => {
    await verifiedUser('popular@example.com');
    const waitPasses = (seconds: number) =>
      ctx.db
        .update(loginFailures)
        .set({ lastFailedAt: new Date(Date.now() - seconds * 1000) })
        .where(eq(loginFailures.email, 'popular@example.com'));
    for (let i = 0; i < 8; i++)
      expect((await login('popular@example.com', 'wrong-guess', `10.1.0.${i}`)).statusCode).toBe(401);
    // Eight failures, the backoff's start: an address that failed waits a second, even with the right password.
    const slowed = await login('popular@example.com', undefined, '10.1.0.3');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    // That attempt counted: hammering while waiting only makes the wait longer.
    expect((await login('popular@example.com', 'wrong-guess', '10.1.0.3')).headers['retry-after']).toBe('2');
    await waitPasses(1.5);
    expect((await login('popular@example.com', 'wrong-guess', '10.1.0.99')).statusCode).toBe(401);
    // Once the wait has passed (moved back in the database rather than waited for), the owner logs in there too.
    await waitPasses(60);
    expect((await login('popular@example.com', undefined, '10.1.0.3')).statusCode).toBe(200);
  });

  it('lets the owner in from an address with no failures while many addresses keep guessing', async () => {
    await verifiedUser('owner-under-attack@example.com');
    let attacking = true;
    const attacker = async (address: string) => {
      while (attacking) {
        await login('owner-under-attack@example.com', `guess-${Math.random()}`, address);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const attackers = Array.from({ length: 5 }, (_, i) => attacker(`10.9.0.${i}`));
    try {
      // Well past the backoff's start (eight failures here), with every attacker waiting or failing.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const owner = [];
      for (let i = 0; i < 6; i++) {
        owner.push((await login('owner-under-attack@example.com', undefined, '10.8.0.1')).statusCode);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(owner).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      attacking = false;
      await Promise.all(attackers);
    }
  });

  it('answers with Cache-Control: no-store, as every answer that carries a token or a signed-in profile', async () => {
    await verifiedUser('cache@example.com');
    const response = await login('cache@example.com');
    expect(response.headers['cache-control']).toBe('no-store');
    const me = await ctx.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${response.json().token}` },
    });
    expect(me.headers['cache-control']).toBe('no-store');
  });
});

describe('sessions', () => {
  it('accept a Bearer token and the cookie, and end on logout on the server', async () => {
    const uid = await verifiedUser('cy@example.com');
    const loggedIn = await login('cy@example.com');
    const token = loggedIn.json<{ token: string }>().token;
    const cookie = String(loggedIn.headers['set-cookie']).split(';')[0]!;

    const me = await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toEqual({ uid, firstName: 'Ada', email: 'cy@example.com', isAdmin: false });
    expect((await ctx.app.inject({ url: '/api/users/me', headers: { cookie } })).statusCode).toBe(200);

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie, ...ORIGIN } });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(/^pw_session=;/);
    // The same token is dead everywhere, not just forgotten by the browser.
    expect(
      (await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } })).statusCode,
    ).toBe(401);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: { cookie } })).json()).toEqual({
      message: 'Please log in first.',
    });
  });

  it('rotate at login: the session the browser had before ends', async () => {
    await verifiedUser('dee@example.com');
    const first = String((await login('dee@example.com')).headers['set-cookie']).split(';')[0]!;
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'dee@example.com', password: 'violet-harbor-42' },
      headers: { cookie: first, ...ORIGIN },
    });
    expect(String(second.headers['set-cookie']).split(';')[0]).not.toBe(first);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: { cookie: first } })).statusCode).toBe(401);
  });

  it('refuse a cookie-authenticated state change from a foreign origin, or with no origin', async () => {
    await verifiedUser('eve@example.com');
    const loggedIn = await login('eve@example.com');
    const cookie = String(loggedIn.headers['set-cookie']).split(';')[0]!;
    const token = loggedIn.json<{ token: string }>().token;
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/another site/);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users/logout', headers: { cookie } })).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ url: '/api/users/me', headers: { cookie } })).statusCode).toBe(200);
    // An API client with a Bearer token sends no Origin, and needs none.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/users/logout',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(204);
  });
});

describe('admin routes', () => {
  it('answer 401 without a session, 403 for a shopper and 200 for an administrator', async () => {
    await verifiedUser('shopper@example.com');
    const shopper = await bearerFor('shopper@example.com');
    expect((await ctx.app.inject({ url: '/api/storage/list' })).statusCode).toBe(401);
    const refused = await ctx.app.inject({ url: '/api/storage/list', headers: { authorization: `Bearer ${shopper}` } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only administrators can do that.' });

    await ctx.accounts.promote('shopper@example.com');
    const allowed = await ctx.app.inject({
      url: '/api/storage/list?pageSize=5',
      headers: { authorization: `Bearer ${shopper}` },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ items: [] });
    expect(
      (
        await ctx.app.inject({
          url: '/api/storage/list?pageSize=1001',
          headers: { authorization: `Bearer ${shopper}` },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('password reset', () => {
  it('answers the same for unknown emails, and a link resets the password once and ends old sessions', async () => {
    await verifiedUser('fay@example.com');
    const oldToken = await bearerFor('fay@example.com');
    const before = smtp.messages.length;
    const unknown = await post('/api/users/password/forgot', { email: 'ghost@example.com' });
    const known = await post('/api/users/password/forgot', { email: 'fay@example.com' });
    expect(unknown.json()).toEqual(known.json());
    const link = linkIn(await smtp.waitFor(before + 1), `${PUBLIC_URL}/reset-password?token=`);
    expect(smtp.messages.length).toBe(before + 1);
    const token = new URL(link).searchParams.get('token')!;

    expect((await post('/api/users/password/reset', { token, password: 'qwerty123' })).statusCode).toBe(400);
    const reset = await post('/api/users/password/reset', { token, password: 'new-lilac-garden-7' });
    expect(reset.json()).toEqual({ message: 'Your password has been changed. You can log in now.' });
    expect((await post('/api/users/password/reset', { token, password: 'another-one-88' })).statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${oldToken}` } })).statusCode,
    ).toBe(401);
    expect((await login('fay@example.com')).statusCode).toBe(401);
    expect((await login('fay@example.com', 'new-lilac-garden-7')).json()).toMatchObject({ loginSucceed: true });
  });

  it('ends the older reset links of the account when a newer one is issued', async () => {
    await verifiedUser('hal@example.com');
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const before = smtp.messages.length;
      await post('/api/users/password/forgot', { email: 'hal@example.com' });
      tokens.push(
        new URL(linkIn(await smtp.waitFor(before + 1), `${PUBLIC_URL}/reset-password?token=`)).searchParams.get(
          'token',
        )!,
      );
    }
    const stale = await post('/api/users/password/reset', { token: tokens[0], password: 'attacker-chosen-99' });
    expect(stale.statusCode).toBe(400);
    expect((await login('hal@example.com', 'attacker-chosen-99')).statusCode).toBe(401);
    expect(
      (await post('/api/users/password/reset', { token: tokens[1], password: 'new-lilac-garden-7' })).statusCode,
    ).toBe(200);
  });

  it('ends every older reset link of the account once one of them was used', async () => {
    await verifiedUser('gus@example.com');
    const links: string[] = [];
    for (let i = 0; i < 2; i++) {
      const before = smtp.messages.length;
      await post('/api/users/password/forgot', { email: 'gus@example.com' });
      links.push(
        new URL(linkIn(await smtp.waitFor(before + 1), `${PUBLIC_URL}/reset-password?token=`)).searchParams.get(
          'token',
        )!,
      );
    }
    const [older, newer] = links;
    expect((await post('/api/users/password/reset', { token: newer, password: 'new-lilac-garden-7' })).statusCode).toBe(
      200,
    );
    const stale = await post('/api/users/password/reset', { token: older, password: 'attacker-chosen-99' });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ message: 'This reset link has expired or was already used. Ask for a new one.' });
    expect((await login('gus@example.com', 'new-lilac-garden-7')).statusCode).toBe(200);
  });
});
