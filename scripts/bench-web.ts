/**
 * `npm run bench:web`: Lighthouse (mobile, simulated throttling) three times on /, /landscape
 * and /item/0 of the production build with the demo catalogue, and the gzip size of the
 * JavaScript a first visit loads. Prints medians. Needs Chromium (CHROME_PATH or /usr/bin/chromium).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { findChromium } from '../e2e/browser.ts';
import { ROOT, startStore } from '../e2e/store.ts';

const PAGES = ['/', '/landscape', '/item/0'];
const RUNS = 3;
const webDir = path.join(ROOT, 'dist', 'web');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Entry script plus everything it preloads: what a first visit downloads before the app runs. */
function initialJavaScript(): { files: string[]; gzipBytes: number } {
  const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const gzipBytes = files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(webDir, file))).length, 0);
  return { files, gzipBytes };
}

const chromePath = process.env.CHROME_PATH ?? findChromium();
if (!chromePath) throw new Error('bench:web needs Chromium: install Debian chromium or set CHROME_PATH.');
if (!fs.existsSync(path.join(webDir, 'index.html')))
  throw new Error('Run "npm run build" first (npm run bench:web does).');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-web-'));
console.log('Seeding the demo catalogue…');
execFileSync(process.execPath, ['scripts/seed.ts'], {
  cwd: ROOT,
  env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
const store = await startStore({ dataDir });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const rows = [];
try {
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(store.baseUrl + page, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { categories, audits } = result.lhr;
      runs.push({
        performance: (categories.performance?.score ?? 0) * 100,
        accessibility: (categories.accessibility?.score ?? 0) * 100,
        bestPractices: (categories['best-practices']?.score ?? 0) * 100,
        seo: (categories.seo?.score ?? 0) * 100,
        lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
        // What the unthrottled browser saw, beside the simulated slow-phone figure above.
        observedLcp:
          (audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] } | undefined)?.items?.[0]
            ?.observedLargestContentfulPaint ?? 0,
        tbt: audits['total-blocking-time']?.numericValue ?? 0,
        cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
      });
      if (i === 0) {
        const failing = Object.values(audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        if (failing.length) console.log(`${page}: audits not passed: ${failing.join(', ')}`);
      }
    }
    rows.push({
      page,
      performance: median(runs.map((r) => r.performance)),
      accessibility: median(runs.map((r) => r.accessibility)),
      'best practices': median(runs.map((r) => r.bestPractices)),
      SEO: median(runs.map((r) => r.seo)),
      'LCP ms': Math.round(median(runs.map((r) => r.lcp))),
      'LCP seen ms': Math.round(median(runs.map((r) => r.observedLcp))),
      'TBT ms': Math.round(median(runs.map((r) => r.tbt))),
      CLS: Number(median(runs.map((r) => r.cls)).toFixed(3)),
    });
  }
} finally {
  chrome.kill();
  await store.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const js = initialJavaScript();
console.log(`\nLighthouse ${RUNS} runs per page, mobile, medians:`);
console.table(rows);
console.log(
  `Initial JavaScript: ${(js.gzipBytes / 1024).toFixed(1)} KB gzip in ${js.files.length} file(s) (budget 100 KB)`,
);
console.log('Targets: performance ≥ 95; accessibility, best practices and SEO 100; LCP < 1.5 s; CLS < 0.02.');
