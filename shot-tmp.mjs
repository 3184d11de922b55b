import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const [url, width, out, ...rest] = process.argv.slice(2);
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, deviceScaleFactor: 1 });
await page.goto(url, { waitUntil: 'networkidle' });
if (rest[0]) { await page.getByRole('link', { name: rest[0], exact: true }).click(); await page.waitForTimeout(1200); }
await page.screenshot({ path: out, fullPage: false });
console.log(page.url());
await browser.close();
