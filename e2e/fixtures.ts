import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Item } from '#contract/item.ts';
import { launchBrowser, visit } from './browser.ts';
import { ROOT, seededMarker, startStore, type RunningStore } from './store.ts';

export const chromiumPath = inject('chromiumPath');

export interface StoreSession {
  store: RunningStore;
  browser: Browser;
  /** A new page in a fresh context (own localStorage), with console errors collected, once the app has taken it over. */
  open(
    path: string,
    options?: { viewport?: { width: number; height: number }; hasTouch?: boolean; context?: BrowserContext },
  ): Promise<{ page: Page; errors: string[] }>;
  api<T>(path: string): Promise<T>;
}

/** The demo DATA_DIR every end-to-end file starts from, once its drawing (e2e/global-setup.ts) is done. */
export async function demoTemplate(): Promise<string> {
  const templateDataDir = inject('templateDataDir');
  const marker = seededMarker(templateDataDir);
  const deadline = Date.now() + 5 * 60_000;
  while (!fs.existsSync(marker)) {
    if (Date.now() > deadline)
      throw new Error('The demo catalogue of the end-to-end tests took over 5 minutes to draw.');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const exit = fs.readFileSync(marker, 'utf8');
  if (exit !== '0')
    throw new Error(`Drawing the demo catalogue of the end-to-end tests failed (${exit}); see its output above.`);
  return templateDataDir;
}

export const ADMIN = { email: 'boss@example.com', password: 'violet-harbor-42', firstName: 'Morgan' };

/**
 * One seeded store and one Chromium for the tests of a file; both are closed after them. With
 * `withAdmin`, the admin command creates ADMIN, with `ingest` the ingest command queues a
 * folder's images, and with `grow` copies of the demo items are added, on the store's DATA_DIR
 * before it starts (the running store holds it).
 */
export function useStoreSession(
  options: {
    env?: Record<string, string>;
    withAdmin?: boolean;
    ingest?: string;
    /** Copies of the demo items added before the store starts (scripts/grow-catalogue.ts). */
    grow?: { items: number; tags: string };
  } = {},
): StoreSession {
  const session = {} as StoreSession;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-e2e-'));
    fs.cpSync(await demoTemplate(), dataDir, { recursive: true });
    if (options.withAdmin) {
      execFileSync(
        process.execPath,
        [
          'scripts/admin.ts',
          'create',
          '--email',
          ADMIN.email,
          '--password',
          ADMIN.password,
          '--first-name',
          ADMIN.firstName,
        ],
        {
          cwd: ROOT,
          env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        },
      );
    }
    if (options.ingest) {
      execFileSync(process.execPath, ['scripts/ingest.ts', options.ingest], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      });
    }
    if (options.grow) {
      execFileSync(
        process.execPath,
        ['scripts/grow-catalogue.ts', '--items', String(options.grow.items), '--tags', options.grow.tags],
        { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
      );
    }
    const [store, browser] = await Promise.all([
      startStore({ dataDir, env: options.env }),
      launchBrowser(chromiumPath!),
    ]);
    Object.assign(session, {
      store,
      browser,
      async open(
        path: string,
        options: { viewport?: { width: number; height: number }; hasTouch?: boolean; context?: BrowserContext } = {},
      ) {
        const context =
          options.context ??
          (await browser.newContext({
            viewport: options.viewport ?? { width: 1280, height: 900 },
            hasTouch: options.hasTouch ?? false,
            acceptDownloads: true,
          }));
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        page.on('console', (message) => {
          // The not-found page is served with status 404 on purpose.
          if (message.type() === 'error' && !message.text().includes('404')) errors.push(message.text());
        });
        await visit(page, store.baseUrl + path);
        return { page, errors };
      },
      async api<T>(path: string) {
        const response = await fetch(store.baseUrl + path);
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        return (await response.json()) as T;
      },
    });
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.store?.stop();
    if (session.store) fs.rmSync(session.store.dataDir, { recursive: true, force: true });
  });
  return session;
}

export const firstFree = (items: Item[]) => items.find((item) => item.freeDownload)!;
export const firstPaid = (items: Item[]) => items.find((item) => !item.freeDownload)!;
