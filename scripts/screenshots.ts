/**
 * Screenshots of pages of a running store at a phone and a desktop size, for looking at what
 * was built: `npm run screenshots -- http://localhost:3000 / /landscape` writes PNGs to tmp/.
 */
import fs from 'node:fs';
import { findChromium, launchBrowser } from '../e2e/browser.ts';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const executable = findChromium();
if (!executable) throw new Error('No Chromium found: install Debian chromium or set CHROMIUM_PATH.');
const browser = await launchBrowser(executable);
fs.mkdirSync('tmp/screenshots', { recursive: true });
const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
for (const path of paths.length ? paths : ['/']) {
  for (const [label, viewport] of Object.entries(viewports)) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    page.on('console', (message) => message.type() === 'error' && console.log(`[${path}] console: ${message.text()}`));
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const file = `tmp/screenshots/${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${label}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL_PAGE === '1' });
    console.log(file);
    await page.close();
  }
}
await browser.close();
