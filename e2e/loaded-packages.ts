import fs from 'node:fs';
import { registerHooks } from 'node:module';

/**
 * Loaded into a store process by a test (`--import`): notes each package of node_modules the
 * process loads, imported or required, and writes their names to PACKAGES_FILE on SIGUSR2.
 */
const packages = new Set<string>();

registerHooks({
  load(url, context, nextLoad) {
    const name = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
    if (name) packages.add(name);
    return nextLoad(url, context);
  },
});

// Written whole and renamed into place: the test reads the file as soon as it appears.
process.on('SIGUSR2', () => {
  const file = process.env.PACKAGES_FILE!;
  fs.writeFileSync(`${file}.tmp`, JSON.stringify([...packages].sort()));
  fs.renameSync(`${file}.tmp`, file);
});
