import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SettingsRepository } from '../db/repositories/settings.repository.ts';
import type { NewItemRow } from '../db/schema.ts';
import type { CatalogueService } from '../services/catalogue/catalogue.service.ts';
import { planDemoCatalogue } from './seed-demo-catalogue.ts';
import { workProcessEnv } from '../shared/work-process-env.ts';

/** How far the demo catalogue got: the plan's start time (which fixes its itemIds), and whether it is whole. */
interface DemoState {
  startedAt: string;
  done: boolean;
}
const STATE_KEY = 'demo-catalogue';
const CHILD = path.join(import.meta.dirname, 'draw-demo-main.ts');
const MODULE_HOOKS = pathToFileURL(path.join(import.meta.dirname, '..', 'app', 'module-hooks.ts')).href;

/**
 * Draws the demo catalogue while the server already answers (decision 037): a process of its
 * own draws each wallpaper (its memory never the server's) and sends its row, which goes on
 * sale at once, newest first. A start cut short by a stop carries on where it was at the next
 * start, from the same plan. A store with items of its own is never given the demo.
 */
export async function drawDemoInBackground(deps: {
  catalogue: CatalogueService;
  settings: SettingsRepository;
  /** How many wallpapers the demo catalogue holds (DEMO_ITEMS). */
  count: number;
  log: (message: string) => void;
}): Promise<{ stop(): void; done: Promise<void> } | undefined> {
  const saved = await deps.settings.get(STATE_KEY);
  const state: DemoState | undefined = saved ? (JSON.parse(saved) as DemoState) : undefined;
  if (state?.done) return undefined;
  if (!state && (await deps.catalogue.countAll()) > 0) return undefined;
  const startedAt = state?.startedAt ?? new Date().toISOString();
  if (!state) await deps.settings.set(STATE_KEY, JSON.stringify({ startedAt, done: false }));

  const plans = planDemoCatalogue(new Date(startedAt), deps.count);
  const present = new Set(
    (
      await Promise.all(plans.map(async (plan) => ((await deps.catalogue.findRow(plan.itemId)) ? plan.itemId : '')))
    ).filter(Boolean),
  );
  const todo = plans.flatMap((plan, position) => (present.has(plan.itemId) ? [] : [String(position)]));
  // Without the server's memory-sized V8 flags and malloc threshold: drawing is work for a fast compiler.
  const child: ChildProcess = fork(CHILD, [startedAt, ...todo], {
    execArgv: ['--import', MODULE_HOOKS],
    env: workProcessEnv(),
    stdio: 'inherit',
  });
  let drawn = present.size;
  let inserting = Promise.resolve();
  child.on('message', (row) => {
    inserting = inserting.then(async () => {
      await deps.catalogue.insert([row as NewItemRow]);
      if (++drawn % 10 === 0 || drawn === plans.length)
        deps.log(`Demo catalogue: ${drawn}/${plans.length} wallpapers on sale`);
    });
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('exit', (code) => {
      void inserting.then(async () => {
        if (code !== 0) return reject(new Error(`The demo catalogue's drawing stopped (exit ${code})`));
        await deps.settings.set(STATE_KEY, JSON.stringify({ startedAt, done: true }));
        resolve();
      }, reject);
    });
  });
  return { stop: () => child.kill(), done };
}
