import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COLOUR_INDEX_NODE_FLAGS, ROOT, SERVER_ENV, SERVER_NODE_FLAGS } from '../e2e/store.ts';

const scripts = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

/** A script's leading `NAME=value` pairs, its node flags (paths made absolute) and the file it runs. */
function parse(script: string) {
  const words = script.split(/\s+/);
  const node = words.indexOf('node');
  const env = Object.fromEntries(words.slice(0, node).map((pair) => pair.split('=') as [string, string]));
  const flags = words.slice(node + 1, -1).map((word) => (word.startsWith('./') ? path.join(ROOT, word) : word));
  return { env, flags, entry: words.at(-1) };
}

// The end-to-end tests, the scale-out test and the bench start the store with SERVER_ENV and
// SERVER_NODE_FLAGS: what they measure is what `npm start` runs only while the two agree.
describe('the npm scripts that run the store', () => {
  /** SERVER_ENV as a script names it, its compile cache relative to the project. */
  const env = { ...SERVER_ENV, NODE_COMPILE_CACHE: path.relative(ROOT, SERVER_ENV.NODE_COMPILE_CACHE) };

  it.each([
    ['start', 'server/main.ts'],
    ['serve', 'server/main.ts'],
    ['worker', 'server/worker-main.ts'],
  ])('`npm run %s` runs %s with the environment and flags the tests start it with', (name, entry) => {
    const script = parse(scripts[name]!);
    expect(script.entry).toBe(entry);
    expect(script.env).toEqual(env);
    expect(script.flags).toEqual(
      SERVER_NODE_FLAGS.map((flag) => (flag.startsWith('file:') ? fileURLToPath(flag) : flag)),
    );
    expect(script.env.NODE_ENV).toBe('production');
  });

  it('`npm run colour-index` runs server/colour-index-main.ts with the environment and flags the bench starts it with', () => {
    const script = parse(scripts['colour-index']!);
    expect(script.entry).toBe('server/colour-index-main.ts');
    expect(script.env).toEqual(env);
    expect(script.flags).toEqual(
      COLOUR_INDEX_NODE_FLAGS.map((flag) => (flag.startsWith('file:') ? fileURLToPath(flag) : flag)),
    );
  });
});
