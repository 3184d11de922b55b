import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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
