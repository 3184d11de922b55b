import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { itemPagePath } from '#contract/item-url.ts';
import type { Item } from '#contract/item.ts';
import { cartCount, visit, waitForApp } from './browser.ts';
import { chromiumPath, firstFree, firstPaid, useStoreSession } from './fixtures.ts';
import { linksInOutbox } from './outbox.ts';

/** An iPhone 13 as Chromium emulates one: 390×844 points at 3 pixels each. */
const IPHONE_13 = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/** Holds the app's script until released: what the page does before the app runs, and after. */
async function holdTheApp(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/start-[\w-]+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

const appStarted = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

describe.skipIf(!chromiumPath)("a shopper's store in Chromium", () => {
  const s = useStoreSession();

  it("leads every card to its wallpaper's own page, and Back to the same place in the list", async () => {
    const { page, errors } = await s.open('/landscape', { viewport: { width: 390, height: 844 }, hasTouch: true });
    const landscape = await s.api<Item[]>('/api/items/tag/landscape');
    // Every card of the grid names its wallpaper's page, by the picture and by the name.
    const hrefs = await page
      .locator('ul[aria-label="Landscape wallpapers"] article')
      .evaluateAll((cards) =>
        cards.map((card) => [...card.querySelectorAll('a')].map((link) => link.getAttribute('href'))),
      );
    expect(hrefs).toEqual(landscape.map((item) => [itemPagePath(item), itemPagePath(item)]));

    const target = landscape[9]!;
    const card = page.locator(`article[data-item-id="${target.itemId}"]`);
    await card.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(1000);
    await card.getByRole('link', { name: target.name }).tap();
    await page.waitForURL(`**${itemPagePath(target)}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    // The page of one wallpaper: its card to buy or download it, its phone preview, More like this.
    await page.getByRole('figure', { name: new RegExp(`^${target.name} on a`) }).waitFor();
    await page.getByRole('heading', { name: 'More like this' }).waitFor();

    await page.goBack();
    await page.waitForURL('**/landscape');
    await card.waitFor();
    // Back where the visitor was: the card they opened is on screen again.
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(scrolled - 200);
    const box = (await card.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(0);
    expect(box.y).toBeLessThan(844);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('names the wallpaper the carousel shows by its own page, which keeps its address', async () => {
    const [newest, second] = await s.api<Item[]>('/api/items?limit=2');
    const html = await (await fetch(`${s.store.baseUrl}/item/1`)).text();
    expect(html).toContain(`<link rel="canonical" href="${s.store.baseUrl}${itemPagePath(second!)}" />`);
    const { page } = await s.open('/item/0');
    const caption = page.locator('.carousel__position');
    await caption.getByRole('link', { name: newest!.name }).waitFor();
    expect(await caption.textContent()).toMatch(new RegExp(`^${newest!.name} — 1 of \\d+, newest first$`));
    await caption.getByRole('link', { name: newest!.name }).click();
    await page.waitForURL(`**${itemPagePath(newest!)}`);
    await page.context().close();
  });

  it('answers a tap before the app runs, then does what was asked once it runs', async () => {
    const context = await s.browser.newContext(IPHONE_13);
    const page = await context.newPage();
    const release = await holdTheApp(page);
    await page.goto(`${s.store.baseUrl}/landscape`);
    const cards = page.locator('ul[aria-label="Landscape wallpapers"] article');
    const heart = cards.first().getByRole('button', { name: /to favourites$/ });
    const paid = firstPaid(await s.api<Item[]>('/api/items/tag/landscape'));

    await heart.tap();
    expect(await heart.getAttribute('aria-pressed')).toBe('true');
    await page
      .locator(`article[data-item-id="${paid.itemId}"]`)
      .getByRole('button', { name: /add .* to cart/ })
      .tap();
    expect(await cartCount(page)).toBe(1);
    expect(await appStarted(page)).toBe(false);

    await release();
    await waitForApp(page);
    // The app heard both taps: the heart is kept, the wallpaper is in the cart, and the cart page shows it.
    await page.waitForURL('**/cart/view');
    await page.locator(`li[data-item-id="${paid.itemId}"]`).waitFor();
    const firstId = await page.evaluate(() => JSON.parse(localStorage.getItem('favourites') ?? '[]') as string[]);
    expect(firstId).toHaveLength(1);
    expect(await cartCount(page)).toBe(1);
    await context.close();
  });

  it("shows the visitor's clock and detected phone on the wallpaper's page before the app runs", async () => {
    const context = await s.browser.newContext(IPHONE_13);
    const page = await context.newPage();
    const release = await holdTheApp(page);
    const free = firstFree(await s.api<Item[]>('/api/items'));
    await page.goto(s.store.baseUrl + itemPagePath(free));
    const preview = page.locator('.phone-preview');
    await expect
      .poll(() =>
        preview.locator('.phone-preview__clock').evaluate((clock) => getComputedStyle(clock, '::before').content),
      )
      .toMatch(/^"\d{1,2}:\d{2}"$/);
    const frame = preview.locator('.phone-preview__frame');
    expect(await frame.evaluate((element) => element.clientWidth / element.clientHeight)).toBeCloseTo(1170 / 2532, 2);
    expect(await page.getByLabel('Your phone').inputValue()).toBe('1170x2532');
    expect(await page.locator('label.phone-picker__label').getAttribute('data-detected')).toBe('true');
    await page.getByRole('button', { name: /^For my phone/ }).waitFor();
    // The home-screen toggle answers at once too.
    await preview.getByRole('button', { name: 'Home screen' }).tap();
    expect(await preview.getByTestId('home-screen').isVisible()).toBe(true);
    expect(await preview.getByTestId('lock-screen').isVisible()).toBe(false);
    expect(await appStarted(page)).toBe(false);

    await release();
    await waitForApp(page);
    await page.getByRole('button', { name: 'For my phone (1170×2532)' }).waitFor();
    expect(await preview.getByRole('button', { name: 'Home screen' }).getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  it('lets a mouse move the desktop carousel: arrows, side cards that come forward, their buttons', async () => {
    const items = await s.api<Item[]>('/api/items?limit=10');
    const { page, errors } = await s.open('/item/2', { viewport: { width: 1440, height: 900 } });
    await page.getByText('Use the arrows, the ← and → keys, or click a card at the side.').waitFor();
    await page.getByRole('button', { name: 'Next wallpaper' }).click();
    await page.waitForURL('**/item/3');
    await page.getByRole('button', { name: 'Previous wallpaper' }).click();
    await page.waitForURL('**/item/2');
    // A click on a side card's button (on the part the middle card leaves uncovered) brings the card
    // to the middle and does nothing else.
    const side = page.locator('.carousel__slide[data-offset="1"]');
    const sideButton = side.getByRole('button', { includeHidden: true });
    await page.waitForTimeout(600); // the cards' move to their places (0.45 s)
    const box = (await sideButton.boundingBox())!;
    await page.mouse.click(box.x + box.width - 12, box.y + box.height / 2);
    await page.waitForURL('**/item/3');
    expect(page.url()).toContain('/item/3');
    // In the middle, once the cards have moved to their places, its button works.
    const middle = page.locator('.carousel__slide[data-offset="0"]');
    const current = items[3]!;
    await middle.locator(`article[data-item-id="${current.itemId}"]`).waitFor();
    await page.waitForTimeout(600);
    await middle.getByRole('button', { name: current.freeDownload ? 'Free Download' : /^Add to Cart/ }).click();
    await page.waitForURL(current.freeDownload ? `**/download/${current.itemId}` : '**/cart/view');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps a long name and email inside the account page on a phone', async () => {
    const email = 'wallpaper.collector.with.a.very.long.address@example-of-a-long-domain.com';
    await fetch(`${s.store.baseUrl}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.store.baseUrl },
      body: JSON.stringify({ firstName: 'Maximiliana-Alexandra', lastName: '', email, password: 'violet-harbor-42' }),
    });
    const [link] = await linksInOutbox(s.store.dataDir, email);
    await fetch(link!.replace('/users/', '/api/users/'));
    const context = await s.browser.newContext(IPHONE_13);
    const page = await context.newPage();
    await visit(page, `${s.store.baseUrl}/login?returnUrl=/account`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('violet-harbor-42');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL('**/account', { timeout: 10_000 });
    const details = page.locator('.account-page__details dd');
    await details.first().waitFor();
    const overflowing = await details.evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollWidth > cell.clientWidth || cell.getBoundingClientRect().right > innerWidth),
    );
    expect(overflowing).toHaveLength(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('a download page opened from a link thanks nobody before a download, and points to more like it', async () => {
    const free = firstFree(await s.api<Item[]>('/api/items'));
    const { page } = await s.open(`/download/${free.itemId}`);
    await page.getByRole('heading', { name: 'Your download' }).waitFor();
    expect(await page.getByText('Thanks For Downloading').count()).toBe(0);
    const more = page.getByRole('complementary', { name: 'Advertisement' });
    expect(await more.getByRole('link', { name: 'See similar wallpapers' }).getAttribute('href')).toBe(
      itemPagePath(free),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(free.downloadList[0]!.name);
    await page.getByRole('heading', { name: 'Thanks For Downloading' }).waitFor();
    await page.getByRole('button', { name: 'Download It Again' }).waitFor();
    await page.context().close();
  });

  it('finds what a misspelt search meant, and shows toasts below the navbar', async () => {
    // Two letters swapped in a short word, typed into the home page's search box.
    const { page } = await s.open('/');
    await page.getByRole('searchbox').fill('vlaley');
    await page.getByRole('searchbox').press('Enter');
    await page.waitForURL('**/search?q=vlaley');
    const suggestion = page.getByRole('status').filter({ hasText: 'Nothing matched “vlaley”. Showing results for' });
    await suggestion.getByRole('link', { name: 'valley', exact: true }).waitFor();
    const valleys = await s.api<Item[]>('/api/items/search?q=valley&limit=60');
    expect(valleys.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('ul[aria-label="Search results"] article').count()).toBe(valleys.length);

    const paid = firstPaid(await s.api<Item[]>('/api/items?limit=60'));
    await visit(page, s.store.baseUrl + itemPagePath(paid));
    await page.getByRole('button', { name: /^Add to Cart/ }).click();
    await page.waitForURL('**/cart/view');
    await page.goBack();
    await page.getByRole('button', { name: /^Add to Cart/ }).click();
    const toast = page.getByText('You have already put this item!');
    await toast.waitFor();
    const navBox = (await page.getByTestId('navbar').boundingBox())!;
    // Once it has slid in, the toast sits below the navbar.
    await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(navBox.y + navBox.height);
    await page.context().close();
  });
});

describe.skipIf(!chromiumPath)('the small things a shopper noticed, in Chromium', () => {
  const s = useStoreSession();

  it('draws focus rings inside a card, tells the footer label from its links, and keeps the guide inside its phones', async () => {
    const { page } = await s.open('/', { viewport: { width: 390, height: 844 } });
    const preview = page
      .locator('.item-card')
      .first()
      .getByRole('button', { name: /^Preview / });
    await preview.focus();
    // The card clips its corners: a ring drawn outside the button would be cut off.
    expect(await preview.evaluate((button) => getComputedStyle(button).outlineOffset)).toBe('-4px');

    const label = page.getByText('SUPPLIERS', { exact: true });
    const link = page.getByRole('link', { name: 'PRIVACY POLICY' });
    const [labelColour, linkColour] = await Promise.all(
      [label, link].map((element) => element.evaluate((node) => getComputedStyle(node).color)),
    );
    expect(labelColour).not.toBe(linkColour);
    expect(await label.evaluate((node) => node.closest('a'))).toBeNull();

    // Every label drawn in the download guide fits inside its box.
    const guide = page.getByRole('list', { name: 'How to download a free wallpaper' });
    await guide.scrollIntoViewIfNeeded();
    const overflowing = await guide.evaluate(
      (list) =>
        [...list.querySelectorAll('svg text')].filter((text) => {
          const box = (text as SVGTextElement).getBBox();
          const rect = text.previousElementSibling;
          if (!(rect instanceof SVGRectElement)) return false;
          return box.x + box.width > rect.x.baseVal.value + rect.width.baseVal.value;
        }).length,
    );
    expect(overflowing).toBe(0);
    await page.context().close();
  });

  it("says on /apps what the catalogue holds, and shows the app's screens rather than its newest uploads", async () => {
    const total = Number((await fetch(`${s.store.baseUrl}/api/items?limit=1`)).headers.get('x-total-count'));
    const { page } = await s.open('/apps');
    await page.getByRole('heading', { name: `${total < 1000 ? total : '1000+'} HD Wallpapers` }).waitFor();
    expect(await page.getByText('1440×2560').count()).toBe(0);
    const screens = page.getByRole('list', { name: "Drawings of the app's screens" });
    expect(await screens.locator('svg').count()).toBe(3);
    expect(await screens.locator('img').count()).toBe(0);
    await page.context().close();
  });

  it('never skips a heading level on the public pages, as screen readers move through them', async () => {
    const [newest] = await s.api<Item[]>('/api/items?limit=1');
    for (const path of ['/', '/landscape', '/search?q=dawn', '/item/0', itemPagePath(newest!), '/apps', '/help']) {
      const html = await (await fetch(s.store.baseUrl + path)).text();
      const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
      const skips = levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1);
      expect(skips, `${path}: ${levels.join(' ')}`).toEqual([]);
    }
  });

  it('asks nothing about an item for a send-to-phone code it does not know', async () => {
    const context = await s.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await visit(page, `${s.store.baseUrl}/p/UnknownCode12`);
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    expect(asked.filter((path) => path.startsWith('/api/items/'))).toEqual([]);
    await context.close();
  });
});
