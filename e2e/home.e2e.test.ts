import { describe, expect, it } from 'vitest';
import type { Item } from '#contract/item.ts';
import { chromiumPath, useStoreSession } from './fixtures.ts';
import { cartCount, visit } from './browser.ts';

describe.skipIf(!chromiumPath)('home page in Chromium', () => {
  const s = useStoreSession();

  it('shows the hero and the 12 newest wallpapers, newest first, with images that load', async () => {
    const newest = await s.api<Item[]>('/api/items?limit=12');
    const { page, errors } = await s.open('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Personalize Your Smartphone With Wallpapers',
    );
    const cards = page.locator('[aria-label="Newest wallpapers"] article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(12);
    expect(await cards.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-item-id')))).toEqual(
      newest.map((i) => i.itemId),
    );

    // Scroll through the grid so lazy images load, then check every one decoded.
    for (let i = 0; i < 12; i++) await cards.nth(i).scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('article img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    expect(await page.locator('article img').count()).toBe(12);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('arrives rendered by the server, with its wallpapers, before any script runs; private pages render in the browser', async () => {
    const newest = await s.api<Item[]>('/api/items?limit=12');
    const context = await s.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(s.store.baseUrl);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Personalize Your Smartphone With Wallpapers',
    );
    await page.getByRole('heading', { name: 'Choosing the Perfect Cellphone Wallpaper' }).waitFor();
    const cards = page.locator('[aria-label="Newest wallpapers"] article');
    expect(await cards.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-item-id')))).toEqual(
      newest.map((i) => i.itemId),
    );

    await page.goto(`${s.store.baseUrl}/item/1`);
    await page.getByRole('heading', { name: newest[1]!.name }).waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'LANDSCAPE' })
        .getAttribute('href'),
    ).toBe('/landscape');

    await page.goto(`${s.store.baseUrl}/policy`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // A cart or an account depends on what this browser holds: nothing to show without scripts.
    await page.goto(`${s.store.baseUrl}/cart/view`);
    expect(await page.locator('#root').innerHTML()).toBe('');
    await context.close();
  });

  it("hydrates the server's page into what this browser holds, with no mismatch", async () => {
    const paid = (await s.api<Item[]>('/api/items?limit=12')).find((item) => !item.freeDownload)!;
    const { page, errors } = await s.open('/');
    await page
      .locator(`article[data-item-id="${paid.itemId}"]`)
      .getByRole('button', { name: /add .* to cart/i })
      .click();
    await page.waitForURL('**/cart/view');

    // The server renders every visitor's navbar with an empty cart; this browser's count replaces it.
    await visit(page, s.store.baseUrl);
    await expect.poll(() => cartCount(page)).toBe(1);
    await page.getByRole('searchbox').fill('sky');
    await page.getByRole('searchbox').press('Enter');
    await page.waitForURL('**/search?q=sky');
    await page.locator('article').first().waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
