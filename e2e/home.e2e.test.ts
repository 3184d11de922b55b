import { describe, expect, it } from 'vitest';
import type { Item } from '../contract/item.ts';
import { chromiumPath, useStoreSession } from './fixtures.ts';

describe.skipIf(!chromiumPath)('home page in Chromium', () => {
  const s = useStoreSession();

  it('shows the hero and the 12 newest wallpapers, newest first, with images that load', async () => {
    const newest = await s.api<Item[]>('/api/items?limit=12');
    const { page, errors } = await s.open('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Personalize Your Smartphone With Wallpapers');
    const cards = page.locator('[aria-label="Newest wallpapers"] article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(12);
    expect(await cards.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-item-id')))).toEqual(newest.map((i) => i.itemId));

    // Scroll through the grid so lazy images load, then check every one decoded.
    for (let i = 0; i < 12; i++) await cards.nth(i).scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('article img')].every((img) => img.complete && img.naturalWidth > 0),
    );
    expect(await page.locator('article img').count()).toBe(12);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
