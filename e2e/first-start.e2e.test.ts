import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Item } from '#contract/item.ts';
import { startStore } from './store.ts';

/** A demo catalogue of a dozen: the same drawing and the same plan as the full one, in 38 s instead of 67. */
const DEMO_ITEMS = 12;
const env = { SEED_DEMO: 'true', DEMO_ITEMS: String(DEMO_ITEMS), LOG_LEVEL: 'info' };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-first-start-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const onSale = async (baseUrl: string) =>
  ((await (await fetch(`${baseUrl}/api/items?limit=60`)).json()) as Item[]).map((item) => item.itemId);

describe('a first start on an empty store', () => {
  it('answers at once while the demo catalogue is drawn, and a start cut short carries on from the same plan', async () => {
    const started = Date.now();
    const first = await startStore({ dataDir, env });
    expect((await fetch(first.baseUrl)).status).toBe(200);
    const firstPage = Date.now() - started;
    // At once: the home page answers before the demo catalogue is whole, not after its drawing.
    expect((await onSale(first.baseUrl)).length).toBeLessThan(DEMO_ITEMS);
    // The wallpapers go on sale as they are drawn; the store is stopped before it has them all.
    await expect.poll(() => onSale(first.baseUrl).then((ids) => ids.length), { timeout: 60_000 }).toBeGreaterThan(3);
    expect(await first.stop()).toBe(0);

    const second = await startStore({ dataDir, env });
    const before = await onSale(second.baseUrl);
    expect(before.length).toBeLessThan(DEMO_ITEMS);
    const finished = `${DEMO_ITEMS}/${DEMO_ITEMS} wallpapers on sale`;
    await expect.poll(() => second.output(), { timeout: 90_000, interval: 500 }).toContain(finished);
    // The same plan: what was on sale before the stop is still there, and only the rest was drawn.
    const whole = await onSale(second.baseUrl);
    expect(whole).toEqual(expect.arrayContaining(before));
    expect(whole).toHaveLength(DEMO_ITEMS);
    expect(new Set(whole).size).toBe(DEMO_ITEMS);
    expect(await second.stop()).toBe(0);

    // Once whole, the demo catalogue is never drawn again (the log would say so: it is at info here).
    const third = await startStore({ dataDir, env });
    expect(await onSale(third.baseUrl)).toEqual(whole);
    expect(third.output()).not.toMatch(/Demo catalogue/);
    expect(await third.stop()).toBe(0);

    // How long that took is a figure to read, not a budget to assert on a machine shared with other suites.
    console.info(`first start: the first page answered ${firstPage} ms after the server was started`);
  }, 240_000);
});
