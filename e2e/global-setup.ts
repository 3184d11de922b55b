import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { findChromium } from './browser.ts';
import { ROOT } from './store.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDataDir: string;
    chromiumPath: string | undefined;
  }
}

/** Seeds one demo DATA_DIR for every end-to-end file to copy, and checks the build and browser. */
export default function setup(project: TestProject) {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'web', 'index.html'))) {
    throw new Error('The web app is not built: run "npm run build" (npm test and npm run test:e2e do it).');
  }
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    if (process.env.CI) throw new Error('CI needs Chromium for the end-to-end tests: install Debian chromium.');
    console.warn('No Chromium at /usr/bin/chromium or CHROMIUM_PATH: the browser tests are skipped.');
  }
  const templateDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-e2e-template-'));
  execFileSync(process.execPath, ['scripts/seed.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: templateDataDir },
    stdio: 'inherit',
  });
  project.provide('templateDataDir', templateDataDir);
  project.provide('chromiumPath', chromiumPath);
  return () => fs.rmSync(templateDataDir, { recursive: true, force: true });
}
