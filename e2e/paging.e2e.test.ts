import { describe, expect, it } from 'vitest';
import { chromiumPath, useStoreSession } from './fixtures.ts';

const cards = '[aria-label="Landscape wallpapers"] > li';

describe.skipIf(!chromiumPath)('a long theme page in Chromium', () => {
  // 290 copies on the landscape theme beside the demo's own: five pages and a bit.
  const session = useStoreSession({ grow: { items: 290, tags: 'landscape' } });

  it('loads pages as the visitor scrolls, remembers how far on reload, and Back returns to the same card', async () => {
    const total = Number(
      (await fetch(`${session.store.baseUrl}/api/items/tag/landscape?limit=1`)).headers.get('x-total-count'),
    );
    expect(total).toBeGreaterThan(300);
    const { page, errors } = await session.open('/landscape', { viewport: { width: 390, height: 844 } });
    expect(await page.locator(cards).count()).toBe(60);

    // Scrolling to the end loads page after page until every wallpaper is there.
    for (let tries = 0; tries < 40 && (await page.locator(cards).count()) < total; tries++) {
      await page
        .locator('.load-more')
        .scrollIntoViewIfNeeded()
        .catch(() => {});
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(250);
    }
    expect(await page.locator(cards).count()).toBe(total);
    expect(page.url()).toMatch(/\?page=6$/);
    await expect.poll(() => page.locator('.load-more').count()).toBe(0);

    // Reload keeps the place: every page is back.
    await page.reload();
    await expect.poll(() => page.locator(cards).count(), { timeout: 15_000 }).toBe(total);

    // Back from an item returns to the same card, still on screen.
    const card = page.locator(cards).nth(250);
    await card.scrollIntoViewIfNeeded();
    const name = await card.locator('.item-card__name').textContent();
    // The card's button opens its download page (free) or the cart (paid).
    await card.locator('button.item-card__action').first().click();
    await page.waitForURL(/\/(download|cart)\//);
    await page.goBack();
    await page.waitForURL(/\/landscape\?page=6$/);
    const again = page.locator(cards).nth(250);
    await expect.poll(() => again.isVisible()).toBe(true);
    expect(await again.locator('.item-card__name').textContent()).toBe(name);
    expect(errors).toEqual([]);
  });

  it('offers Load more to the keyboard', async () => {
    const { page } = await session.open('/landscape');
    const button = page.getByRole('button', { name: 'Load more' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(cards).count()).toBeGreaterThanOrEqual(120);
    expect(page.url()).toMatch(/\?page=2$/);
  });
});
