import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Item } from '#contract/item.ts';
import { chromiumPath, useStoreSession } from './fixtures.ts';
import { cartCount, visit, waitForApp } from './browser.ts';
import { linksInOutbox } from './outbox.ts';

/** The master file of an item as stored on disk: what a buyer must receive byte for byte. */
function storedMaster(dataDir: string, itemId: string): Buffer {
  const dir = path.join(dataDir, 'storage', 'files', 'downloads', 'items', itemId);
  return fs.readFileSync(
    path.join(
      dir,
      fs.readdirSync(dir).find((file) => file.endsWith('.jpg'))!,
    ),
  );
}

describe.skipIf(!chromiumPath)('checkout with the test wallet in Chromium', () => {
  const s = useStoreSession();

  it('logs in from checkout, pays, downloads, emails once, and keeps the purchases in the account', async () => {
    const email = 'buyer@example.com';
    const registered = await fetch(`${s.store.baseUrl}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.store.baseUrl },
      body: JSON.stringify({ firstName: 'Bo', lastName: '', email, password: 'violet-harbor-42' }),
    });
    expect(registered.status).toBe(201);
    const [verifyLink] = await linksInOutbox(s.store.dataDir, email);
    expect((await fetch(`${s.store.baseUrl}/api${new URL(verifyLink!).pathname}`)).status).toBe(200);

    const paid = (await s.api<Item[]>('/api/items?limit=12')).filter((item) => !item.freeDownload).slice(0, 2);
    const { page } = await s.open('/');
    for (const item of paid) {
      await visit(page, s.store.baseUrl);
      await page
        .locator(`article[data-item-id="${item.itemId}"]`)
        .getByRole('button', { name: /add .* to cart/i })
        .click();
      await page.waitForURL('**/cart/view');
    }
    await page.getByRole('button', { name: 'CHECKOUT' }).click();
    await page.getByText('Please login to continue').waitFor();
    await page.waitForURL('**/login?returnUrl=/payment');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('violet-harbor-42');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL((url) => url.pathname === '/payment', { timeout: 10_000 });

    const total = paid.reduce((sum, item) => sum + item.price, 0);
    expect(await page.getByTestId('payment-total').textContent()).toBe(`$${total.toFixed(2)}`);
    // The total stands alone in the payment summary: no divider above it.
    expect(await page.locator('.cart-summary__total').evaluate((total) => getComputedStyle(total).borderTopWidth)).toBe(
      '0px',
    );
    for (const item of paid)
      await page.locator(`ul[aria-label="Order summary"] li[data-item-id="${item.itemId}"]`).waitFor();
    await page.getByText('Test payment — no money moves').waitFor();
    await page.getByText('This is a digital product').waitFor();
    await page.getByRole('button', { name: 'Pay with the test wallet' }).click();

    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/success');
    for (const item of paid)
      await page.locator(`ul[aria-label="Purchased wallpapers"] li[data-item-id="${item.itemId}"]`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
    expect(await cartCount(page)).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${paid[0]!.name}`, exact: true }).click(),
    ]);
    expect(fs.readFileSync(await download.path()).equals(storedMaster(s.store.dataDir, paid[0]!.itemId))).toBe(true);

    // Once the picker knows the phone, each bought wallpaper's phone file is one tap away.
    await page.goBack();
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.getByLabel('Your phone').selectOption('1080x2400');
    const [phoneFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${paid[0]!.name} for your phone (1080×2400)` }).click(),
    ]);
    expect(phoneFile.suggestedFilename()).toBe(`${paid[0]!.itemId}-1080x2400.jpg`);

    // The order email: one, with a working link per file.
    const files = paid.reduce((sum, item) => sum + item.downloadList.length, 0);
    await expect
      .poll(
        async () =>
          (await linksInOutbox(s.store.dataDir, email)).filter((link) => link.includes('/api/downloads/')).length,
      )
      .toBe(files);
    const links = (await linksInOutbox(s.store.dataDir, email)).filter((link) => link.includes('/api/downloads/'));
    const fromEmail = Buffer.from(await (await fetch(links[0]!)).arrayBuffer());
    expect(paid.some((item) => fromEmail.equals(storedMaster(s.store.dataDir, item.itemId)))).toBe(true);
    const outboxDir = path.join(s.store.dataDir, 'outbox');
    const emailsAfterPaying = fs.readdirSync(outboxDir).length;

    // Reloading the success page confirms again from the server but sends no second email.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/success');
    await page.reload();
    await waitForApp(page);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page.waitForTimeout(500);
    expect(fs.readdirSync(outboxDir).length).toBe(emailsAfterPaying);

    await visit(page, `${s.store.baseUrl}/account`);
    for (const item of paid)
      await page.locator(`ul[aria-label="Your wallpapers"] li[data-item-id="${item.itemId}"]`).waitFor();
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${paid[1]!.name}`, exact: true }).click(),
    ]);
    expect(fs.readFileSync(await again.path()).equals(storedMaster(s.store.dataDir, paid[1]!.itemId))).toBe(true);

    await visit(page, s.store.baseUrl);
    const card = page.locator(`article[data-item-id="${paid[0]!.itemId}"]`);
    await card.getByRole('button', { name: /^Owned/ }).waitFor();
    await card.getByRole('button', { name: /^Owned/ }).click();
    await page.waitForURL((url) => url.pathname === `/download/${paid[0]!.itemId}`);

    // The payment page without a total from CHECKOUT sends the shopper back to the cart.
    await visit(page, `${s.store.baseUrl}/payment`);
    await page.getByText('Payment Error, please try again!').waitFor();
    await page.waitForURL((url) => url.pathname === '/cart/view');
    await page.context().close();
  });
});
