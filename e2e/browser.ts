import fs from 'node:fs';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';

/** Debian's Chromium unless CHROMIUM_PATH says otherwise; undefined when there is none. */
export function findChromium(): string | undefined {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return fs.existsSync(candidate) ? candidate : undefined;
}

export function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/**
 * Resolves once React has taken over the page (hydrateRoot or createRoot has run, which marks
 * #root). The public pages arrive rendered by the server and start the app at the visitor's
 * first sign of use (decision 031): see visit.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

/**
 * Opens `url` in `page`, shows a sign of use as a visitor would (a key press: it moves nothing
 * on the page), and waits for the app to take over (see waitForApp).
 */
export async function visit(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await page.keyboard.press('Shift');
  await waitForApp(page);
  return response;
}

/** The number the navbar's cart shows (drawn from its data-count), 0 while it shows none. */
export function cartCount(page: Page): Promise<number> {
  return page.evaluate(() => {
    const badge = document.querySelector<HTMLElement>('[data-testid="cart-count"]');
    return badge && !badge.hidden ? Number(badge.dataset.count) : 0;
  });
}
