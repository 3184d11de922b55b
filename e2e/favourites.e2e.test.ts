import { describe, expect, it } from 'vitest';
import type { Item } from '#contract/item.ts';
import { visit } from './browser.ts';
import { chromiumPath, useStoreSession } from './fixtures.ts';
import { linksInOutbox } from './outbox.ts';

describe.skipIf(!chromiumPath)('favourites in Chromium', () => {
  const s = useStoreSession();

  it("keep a visitor's heart in the browser, and bring it into the account at login", async () => {
    const email = 'hearts@example.com';
    const registered = await fetch(`${s.store.baseUrl}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.store.baseUrl },
      body: JSON.stringify({ firstName: 'Hana', lastName: '', email, password: 'violet-harbor-42' }),
    });
    expect(registered.status).toBe(201);
    const [verifyLink] = await linksInOutbox(s.store.dataDir, email);
    expect((await fetch(`${s.store.baseUrl}/api${new URL(verifyLink!).pathname}`)).status).toBe(200);

    const [item] = await s.api<Item[]>('/api/items?limit=1');
    const { page, errors } = await s.open('/new');
    const heart = page
      .locator(`article[data-item-id="${item!.itemId}"]`)
      .getByRole('button', { name: `Add ${item!.name} to favourites` });
    await heart.click();
    const given = page.getByRole('button', { name: `Remove ${item!.name} from favourites` }).first();
    expect(await given.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await page
      .getByRole('button', { name: `Remove ${item!.name} from favourites` })
      .first()
      .waitFor();

    await visit(page, `${s.store.baseUrl}/login?returnUrl=/account`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('violet-harbor-42');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL((url) => url.pathname === '/account', { timeout: 10_000 });
    const favourites = page.getByRole('list', { name: 'Your favourites' });
    await favourites.locator(`article[data-item-id="${item!.itemId}"]`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('favourites'))).toBeNull();

    // The heart is the account's now: taking it away empties the list.
    await favourites.getByRole('button', { name: `Remove ${item!.name} from favourites` }).click();
    await page.getByText('Give a wallpaper a heart and it waits for you here.').waitFor();
    expect(errors).toEqual([]);
  });
});
