import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPath, useStoreSession } from './fixtures.ts';

const grid = '[aria-label="Landscape wallpapers"]';
const cards = `${grid} > li:not(.item-grid__gap)`;
/** The card at a place in the list (from 1), when it is in the page. */
const cardAt = (place: number) => `${grid} > li[aria-posinset="${place}"]`;

describe.skipIf(!chromiumPath)('a long theme page in Chromium', () => {
  // 290 copies on the landscape theme beside the demo's own: five pages and a bit.
  const session = useStoreSession({ grow: { items: 290, tags: 'landscape' } });

  it('loads pages as the visitor scrolls, remembers how far on reload, and Back returns to the same card', async () => {
    const total = Number(
      (await fetch(`${session.store.baseUrl}/api/items/tag/landscape?limit=1`)).headers.get('x-total-count'),
    );
    expect(total).toBeGreaterThan(300);
    const { page, errors } = await session.open('/landscape', { viewport: { width: 390, height: 844 } });
    expect(await page.locator(cards).first().getAttribute('aria-setsize')).toBe('60');

    // Scrolling to the end loads page after page until every wallpaper is there (given time: a
    // machine busy with other suites answers slower, and each step waits for the page it asked).
    const deadline = Date.now() + 150_000;
    // A page that could not be loaded stops the list where it is, saying so.
    const failed = page.locator('.load-more[role="alert"]');
    /** How many cards the list shows, read at once (a card far from the view is a spacer). */
    const shown = () =>
      page.evaluate((selector) => document.querySelector(selector)?.getAttribute('aria-setsize'), cards);
    while (Date.now() < deadline && !(await page.locator(cardAt(total)).count()) && !(await failed.count())) {
      const before = await shown();
      await page
        .locator('.load-more')
        .scrollIntoViewIfNeeded()
        .catch(() => {});
      // A little up, then down: the end of the list comes into view again, as a thumb scrolls.
      await page.mouse.wheel(0, -300);
      await page.mouse.wheel(0, 4000);
      await expect
        .poll(shown, { timeout: 5_000 })
        .not.toBe(before)
        .catch(() => {});
    }
    if (await failed.count()) throw new Error(await failed.innerText());
    const reached = `${await shown()} of ${total} cards at ${page.url()}, the list's end: ${await page
      .locator('.load-more')
      .innerText({ timeout: 1_000 })
      .catch(() => 'none')}`;
    await expect.poll(() => page.locator(cardAt(total)).count(), { message: reached }).toBe(1);
    expect(await page.locator(cardAt(total)).getAttribute('aria-setsize')).toBe(String(total));
    expect(page.url()).toMatch(/\?page=6$/);
    await expect.poll(() => page.locator('.load-more').count()).toBe(0);
    // Only the cards near the view are in the page: the ones scrolled past are spacers of their height.
    await expect.poll(() => page.locator(cards).count()).toBeLessThan(total / 2);
    expect(await page.locator(cardAt(1)).count()).toBe(0);

    // Scrolling back up brings the first cards back where they were.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => page.locator(cardAt(1)).isVisible()).toBe(true);

    // Reload keeps the place: every page is back.
    await page.reload();
    await expect
      .poll(() => page.locator(cards).first().getAttribute('aria-setsize'), { timeout: 15_000 })
      .toBe(String(total));

    // Back from an item returns to the same card, still on screen.
    const card = await scrollTo(page, cardAt(251));
    const name = await card.locator('.item-card__name').textContent();
    // The card's button opens its download page (free) or the cart (paid).
    await card.locator('button.item-card__action').first().click();
    await page.waitForURL(/\/(download|cart)\//);
    await page.goBack();
    await page.waitForURL(/\/landscape\?page=6$/);
    const again = page.locator(cardAt(251));
    await expect.poll(() => again.isVisible()).toBe(true);
    expect(await again.locator('.item-card__name').textContent()).toBe(name);
    expect(errors).toEqual([]);
  }, 240_000);

  it('offers Load more to the keyboard', async () => {
    const { page } = await session.open('/landscape');
    const button = page.getByRole('button', { name: 'Load more' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(cards).first().getAttribute('aria-setsize')).toBe('120');
    expect(page.url()).toMatch(/\?page=2$/);
  });
});

/** Scrolls down until the element is in the page (a windowed grid renders only what is near the view). */
async function scrollTo(page: Page, selector: string) {
  for (let tries = 0; tries < 60 && !(await page.locator(selector).count()); tries++) {
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(100);
  }
  const element = page.locator(selector);
  await element.scrollIntoViewIfNeeded();
  return element;
}
