import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COLOUR_MATCH_DISTANCE, deltaE, labOfHex, OLED_DARK_SHARE } from '#contract/colour.ts';
import type { Item } from '#contract/item.ts';
import { chromiumPath, firstFree, useStoreSession } from './fixtures.ts';

/** An iPhone 13 as Chromium emulates one: 390×844 points at 3 pixels each. */
const IPHONE_13 = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  acceptDownloads: true,
};

describe.skipIf(!chromiumPath)('files for your phone in Chromium', () => {
  const s = useStoreSession();

  it('detects an iPhone, saves its file in exactly its pixels, and remembers another choice', async () => {
    const free = firstFree(await s.api<Item[]>('/api/items'));
    const context = await s.browser.newContext(IPHONE_13);
    const { page, errors } = await s.open(`/download/${free.itemId}`, { context });
    const picker = page.getByLabel('Your phone');
    await expect.poll(() => picker.inputValue()).toBe('1170x2532');
    // '(detected)' follows the label, drawn from its data-detected (the entry can set it before the app runs).
    const label = page.locator('label.phone-picker__label');
    expect(await label.evaluate((element) => getComputedStyle(element, '::after').content)).toBe('" (detected)"');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'For my phone (1170×2532)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${free.itemId}-1170x2532.jpg`);
    const saved = await sharp(await download.path()).metadata();
    expect([saved.width, saved.height]).toEqual([1170, 2532]);

    // A phone chosen by hand is remembered over the detected one.
    await picker.selectOption('1080x2400');
    await page.reload();
    const chosen = page.getByLabel('Your phone', { exact: true });
    await expect.poll(() => chosen.inputValue()).toBe('1080x2400');
    expect(await label.getAttribute('data-detected')).toBeNull();
    await page.getByRole('button', { name: 'For my phone (1080×2400)' }).waitFor();
    expect(errors).toEqual([]);

    // A size the master cannot fill without enlarging it too much is refused, saying why.
    await chosen.selectOption('other');
    await page.getByLabel('Width').fill('1440');
    await page.getByLabel('Height').fill('3600');
    await page.getByRole('button', { name: 'Use this size' }).click();
    await page.getByRole('button', { name: 'For my phone (1440×3600)' }).click();
    await page.getByText(/would be enlarged 1\.41×\. Download the original instead\./).waitFor();
    await context.close();
  });

  it("previews a wallpaper on the phone's lock screen, cut as its file will be, and toggles to the home screen", async () => {
    const context = await s.browser.newContext(IPHONE_13);
    const { page, errors } = await s.open('/item/0', { context });
    const preview = page.getByRole('figure', { name: /on a 1170×2532 screen$/ });
    await preview.waitFor();
    const frame = preview.locator('.phone-preview__frame');
    const shape = await frame.evaluate((element) => element.clientWidth / element.clientHeight);
    expect(shape).toBeCloseTo(1170 / 2532, 2);

    // The clock, in the visitor's time, sits over the wallpaper.
    const clock = preview.locator('.phone-preview__clock');
    await expect
      .poll(() => clock.evaluate((element) => getComputedStyle(element, '::before').content))
      .toMatch(/^"\d{1,2}:\d{2}"$/);
    const [frameBox, clockBox, pictureBox] = await Promise.all(
      [frame, clock, preview.locator('.phone-preview__picture')].map((element) => element.boundingBox()),
    );
    expect(clockBox!.y).toBeGreaterThan(frameBox!.y);
    expect(clockBox!.y + clockBox!.height).toBeLessThan(frameBox!.y + frameBox!.height / 2);
    expect(pictureBox!.y).toBeLessThanOrEqual(frameBox!.y + 8);
    expect(pictureBox!.y + pictureBox!.height).toBeGreaterThanOrEqual(frameBox!.y + frameBox!.height - 8);

    await preview.getByRole('button', { name: 'Home screen' }).click();
    await preview.getByTestId('home-screen').waitFor();
    expect(await preview.getByTestId('lock-screen').isVisible()).toBe(false);
    expect(await preview.getByRole('button', { name: 'Home screen' }).getAttribute('aria-pressed')).toBe('true');

    // The panel shows the wallpaper's colours; under it, wallpapers that share its tags.
    const [current] = await s.api<Item[]>('/api/items?limit=1');
    expect(current!.palette.length).toBeGreaterThan(0);
    expect(await page.getByRole('list', { name: 'Colours' }).locator('li').allTextContents()).toEqual(current!.palette);
    const like = page.getByRole('list', { name: `More like ${current!.name}` });
    await like.locator('article').first().waitFor();
    const likeIds = await like
      .locator('article')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-item-id')));
    const liked = await s.api<Item[]>(`/api/items/${current!.itemId}/like`);
    expect(likeIds).toEqual(liked.map((item) => item.itemId));
    expect(liked.every((item) => item.tags.some((tag) => current!.tags.includes(tag)))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("sends a wallpaper from a desktop to a phone with a QR code that opens its download for the desktop's chosen screen", async () => {
    const newest = await s.api<Item[]>('/api/items?limit=60');
    const index = newest.findIndex((item) => item.freeDownload);
    const free = newest[index]!;
    const { page: desktop } = await s.open(`/item/${index}`, { viewport: { width: 1280, height: 900 } });
    await desktop.getByLabel('Your phone').first().selectOption('1179x2556');
    await desktop.getByRole('button', { name: 'Send to phone' }).click();
    const dialog = desktop.getByRole('dialog', { name: 'Send to phone' });
    // This store's address names this machine alone: the panel says how a phone could reach it.
    await dialog.getByText(/This address opens on this computer only/).waitFor();
    const qr = dialog.getByRole('img');
    const source = (await qr.getAttribute('src'))!;
    const svg = decodeURIComponent(source.slice(source.indexOf(',') + 1));
    const { data, info } = await sharp(Buffer.from(svg), { density: 300 })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const url = jsQR.default(new Uint8ClampedArray(data), info.width, info.height)?.data;
    expect(url).toMatch(new RegExp(`^${s.store.baseUrl}/p/[A-Za-z0-9_-]{12}$`));

    // A phone the browser cannot name takes the desktop's choice: the picker and the button agree.
    const unnamed = { ...IPHONE_13, screen: { width: 400, height: 900 }, deviceScaleFactor: 2.5 };
    const phone = await s.browser.newContext(unnamed);
    const { page, errors } = await s.open(new URL(url!).pathname, { context: phone });
    await page.waitForURL(`**/download/${free.itemId}?phone=*`);
    await page.getByRole('heading', { name: 'Your download' }).waitFor();
    await expect.poll(() => page.getByLabel('Your phone').inputValue()).toBe('1179x2556');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'For my phone (1179×2556)' }).click(),
    ]);
    const saved = await sharp(await download.path()).metadata();
    expect([saved.width, saved.height]).toEqual([1179, 2556]);
    expect(errors).toEqual([]);
    await phone.close();

    // An iPhone 13 knows its own screen, which wins over a size chosen on another device.
    const iphone = await s.browser.newContext(IPHONE_13);
    const { page: detected } = await s.open(new URL(url!).pathname, { context: iphone });
    await detected.waitForURL(`**/download/${free.itemId}?phone=*`);
    await expect.poll(() => detected.getByLabel('Your phone').inputValue()).toBe('1170x2532');
    await detected.getByRole('button', { name: 'For my phone (1170×2532)' }).waitFor();
    expect(await detected.getByRole('button', { name: /For my phone \(1179/ }).count()).toBe(0);
    await iphone.close();
  });

  it('a colour swatch filters the grid to that colour, nearest first, and OLED dark to dark wallpapers', async () => {
    const all = await s.api<Item[]>('/api/items/tag/landscape');
    const { page, errors } = await s.open('/landscape', { context: await s.browser.newContext(IPHONE_13) });
    const grid = page.locator('ul[aria-label="Landscape wallpapers"] article');
    const shownIds = () => grid.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-item-id')!));
    await grid.first().waitFor();
    const filters = page.getByRole('navigation', { name: 'Filter by colour' });

    await filters.getByRole('link', { name: 'blue', exact: true }).click();
    await page.waitForURL('**/landscape?color=2f63c0');
    await page.getByText(/^\d+ blue wallpapers$/).waitFor();
    const blue = labOfHex('#2f63c0');
    const nearest = (item: Item) => Math.min(...item.palette.map((hex) => deltaE(labOfHex(hex), blue)));
    const byId = new Map(all.map((item) => [item.itemId, item]));
    const shown = (await shownIds()).map((id) => byId.get(id)!);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(all.length);
    const distances = shown.map(nearest);
    expect(distances.every((d) => d <= COLOUR_MATCH_DISTANCE)).toBe(true);
    expect(distances).toEqual([...distances].sort((p, q) => p - q));
    // Every landscape wallpaper that is near enough is shown.
    expect(shown.length).toBe(all.filter((item) => nearest(item) <= COLOUR_MATCH_DISTANCE).length);

    // A reload keeps the filter; 'OLED dark' replaces nothing, it narrows.
    await page.reload();
    await page.getByText(/^\d+ blue wallpapers$/).waitFor();
    await filters.getByRole('link', { name: 'blue', exact: true }).click();
    await filters.getByRole('link', { name: 'OLED dark' }).click();
    await page.waitForURL('**/landscape?dark=true');
    await page.getByText(/^\d+ OLED dark wallpapers$/).waitFor();
    const dark = (await shownIds()).map((id) => byId.get(id)!);
    expect(dark.length).toBeGreaterThan(0);
    expect(dark.every((item) => item.darkShare! >= OLED_DARK_SHARE)).toBe(true);
    expect(dark.length).toBe(all.filter((item) => (item.darkShare ?? 0) >= OLED_DARK_SHARE).length);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
