import { describe, expect, it } from 'vitest';
import { ADMIN, chromiumPath, useStoreSession } from './fixtures.ts';
import { visit } from './browser.ts';
import { linksInOutbox } from './outbox.ts';

describe.skipIf(!chromiumPath)('accounts in Chromium', () => {
  const s = useStoreSession({ withAdmin: true });

  const newPage = async () => (await s.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();

  it('register → emailed link → verified → login with returnUrl → account → logout', async () => {
    const page = await newPage();
    await visit(page, `${s.store.baseUrl}/login?returnUrl=/account`);
    expect(await page.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/register?returnUrl=%2Faccount',
    );
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('violet-harbor-42');
    await page.getByRole('button', { name: 'CREATE MY ACCOUNT' }).click();
    await page.getByRole('heading', { name: 'Please Verify Your Email' }).waitFor();
    await page.getByText('junk mail folder').waitFor();

    const [link] = await linksInOutbox(s.store.dataDir, 'ada@example.com');
    expect(link).toMatch(new RegExp(`^${s.store.baseUrl}/users/[0-9a-f-]{36}/verify/[A-Za-z0-9_-]{43}$`));
    await visit(page, link!);
    await page.getByRole('heading', { name: 'Email verified successfully!' }).waitFor();
    await page.getByRole('link', { name: 'Return to Login' }).click();
    await page.waitForURL('**/login');

    await visit(page, `${s.store.baseUrl}/login?returnUrl=/account`);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('violet-harbor-42');
    // Both moments are taken in the page: Playwright sees each a little late, and unevenly on a busy machine.
    await page.evaluate(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { marks: typeof marks }).marks = marks;
      new MutationObserver(() => {
        if (document.body.innerText.includes('Login Successful')) marks.shown ??= performance.now();
        if (location.pathname === '/account') marks.moved ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.getByText('Login Successful').waitFor();
    await page.waitForURL((url) => url.pathname === '/account');
    await page.getByRole('heading', { name: 'Hello, Ada' }).waitFor();
    // Read once the account page is drawn: the address changes a moment before the page does.
    const marks = await page.evaluate(() => (window as unknown as { marks: Record<string, number> }).marks);
    expect(marks.moved! - marks.shown!).toBeGreaterThan(1400);
    expect(await page.locator('dd').allTextContents()).toEqual(['Ada', 'ada@example.com']);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'))).toMatchObject({
      firstName: 'Ada',
      email: 'ada@example.com',
      isAdmin: false,
    });
    expect((await page.context().cookies()).find((c) => c.name === 'pw_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${s.store.baseUrl}/`);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await visit(page, `${s.store.baseUrl}/account`);
    await page.waitForURL('**/login?returnUrl=/account');
    await page.context().close();
  });

  it('shows the verification screen to an unverified account, with LOGIN AGAIN', async () => {
    const page = await newPage();
    const register = await page.request.post(`${s.store.baseUrl}/api/users/register`, {
      data: { firstName: 'Bea', lastName: '', email: 'bea@example.com', password: 'violet-harbor-42' },
      headers: { origin: s.store.baseUrl },
    });
    expect(register.status()).toBe(201);
    await visit(page, `${s.store.baseUrl}/login`);
    await page.getByLabel('Email').fill('bea@example.com');
    await page.getByLabel('Password', { exact: true }).fill('violet-harbor-42');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.getByRole('heading', { name: 'Please verify your email' }).waitFor();
    await page.getByRole('button', { name: 'LOGIN AGAIN' }).click();
    await page.getByRole('button', { name: 'LOGIN' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.context().close();
  });

  it('toggles the password between hidden and shown, and enforces 8 characters before sending', async () => {
    const page = await newPage();
    await visit(page, `${s.store.baseUrl}/login`);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('short');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    let requests = 0;
    page.on('request', (request) => request.url().includes('/api/users/login') && requests++);
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.getByText('Passwords must have at least 8 characters.').waitFor();
    expect(requests).toBe(0);
    await page.context().close();
  });

  it('an administrator sees the role and the Review link; others are sent from admin pages to login', async () => {
    const page = await newPage();
    await visit(page, `${s.store.baseUrl}/review`);
    await page.waitForURL('**/login?returnUrl=%2Freview');
    await visit(page, `${s.store.baseUrl}/upload`);
    await page.waitForURL('**/login?returnUrl=%2Fupload');

    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL((url) => url.pathname === '/upload');
    await visit(page, `${s.store.baseUrl}/account`);
    await page.getByText('Administrator').waitFor();
    await page.getByRole('link', { name: 'Review' }).click();
    await page.waitForURL((url) => url.pathname === '/review');
    await page.getByRole('heading', { name: 'Review System' }).waitFor();
    await page.context().close();
  });
});
