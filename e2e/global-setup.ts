import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium } from './browser.ts';
import { ROOT, seededMarker } from './store.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string;
    chromiumPath: string | undefined;
  }
}

/**
 * Checks the build and the browser, and starts drawing one demo DATA_DIR for every end-to-end
 * file to copy (`demoTemplate` in fixtures.ts waits for it). It is drawn at the lowest priority
 * while the other suites run, which spend much of their time waiting on servers and databases:
 * it takes the time they leave rather than theirs, and is whole long before the end-to-end
 * files, which run after them (vitest.config.ts), start.
 */
export default function setup(project: TestProject) {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'web', 'index.html'))) {
    throw new Error('The web app is not built: run "npm run build" (npm test and npm run test:e2e do it).');
  }
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    if (process.env.CI) throw new Error('CI needs Chromium for the end-to-end tests: install Debian chromium.');
    console.warn('No Chromium at /usr/bin/chromium or CHROMIUM_PATH: the browser tests are skipped.');
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-e2e-template-'));
  const templateDataDir = path.join(folder, 'data');
  const seeding = spawn('nice', ['-n', '19', process.execPath, 'scripts/seed.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: templateDataDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const markEnd = (code: number | null, signal: NodeJS.Signals | null) =>
    fs.writeFileSync(seededMarker(templateDataDir), String(code ?? signal));
  seeding.on('exit', markEnd);
  project.provide('templateDataDir', templateDataDir);
  project.provide('chromiumPath', chromiumPath);
  return () => {
    // A run that ends first (a filter that leaves out the end-to-end files) stops the drawing.
    seeding.off('exit', markEnd);
    seeding.kill();
    fs.rmSync(folder, { recursive: true, force: true });
  };
}
