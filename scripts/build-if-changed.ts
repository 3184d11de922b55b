/**
 * `npm start`'s build: the web app is built again only when what it is built from changed since
 * the last build (its sources, the contract, the build's configuration, the locked packages);
 * otherwise the start goes straight on. `npm run build` always builds.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../e2e/store.ts';

const INPUTS = [
  'web',
  'contract',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/bundle-report.ts',
  'scripts/precompress.ts',
];
const STAMP = path.join(ROOT, 'dist', '.built-from');

function hashOf(inputs: string[]): string {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => {
    const full = path.join(ROOT, input);
    if (!fs.existsSync(full)) return [];
    return fs.statSync(full).isDirectory()
      ? fs
          .readdirSync(full, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name))
      : [full];
  });
  for (const file of files.sort()) hash.update(path.relative(ROOT, file)).update('\0').update(fs.readFileSync(file));
  return hash.digest('hex');
}

const wanted = hashOf(INPUTS);
const built = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8') : '';
const complete = ['dist/web/index.html', 'dist/ssr/entry-server.js'].every((file) =>
  fs.existsSync(path.join(ROOT, file)),
);
if (built === wanted && complete) {
  console.log('The web app is up to date: no build needed.');
} else {
  console.log(built ? 'The web app changed since its last build: building it…' : 'Building the web app…');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  fs.writeFileSync(STAMP, wanted);
  console.log('Built.');
}
