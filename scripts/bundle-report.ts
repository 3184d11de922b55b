/**
 * Run by `npm run build`: what the JavaScript of a first visit is made of. Follows the entry's
 * static imports in Vite's manifest, gives each package (and the app's own code) its share of
 * those bytes through the source maps, and prints them gzip and brotli. The maps are removed
 * afterwards, so they are never served.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

const webDir = path.resolve(import.meta.dirname, '..', 'dist', 'web');
/** The initial JavaScript budget of design.md, tightened to 100 KB gzip. */
const BUDGET_KB = 100;

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
const manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** The entry and every chunk it imports statically: what loads before any page's own chunk. */
function initialFiles(): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    manifest[key]?.imports?.forEach(visit);
  };
  Object.keys(manifest)
    .filter((key) => manifest[key]!.isEntry)
    .forEach(visit);
  return [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

/** 'react-dom', '@tanstack/query-core', or 'app' for our own code. */
function packageOf(source: string): string {
  const inModules = source.split('node_modules/').at(-1)!;
  if (inModules === source) return 'app (web/src, contract)';
  const parts = inModules.split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

const code = new Map<string, string>();
let total = '';
for (const file of initialFiles()) {
  const text = fs.readFileSync(path.join(webDir, file), 'utf8');
  total += text;
  const mapFile = path.join(webDir, `${file}.map`);
  if (!fs.existsSync(mapFile)) continue;
  const lines = text.split('\n');
  const mappings: { line: number; column: number; source: string | null }[] = [];
  new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8'))).eachMapping((m) =>
    mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }),
  );
  // Each mapped stretch of generated code, up to the next mapping, belongs to its source.
  mappings.forEach((m, i) => {
    const next = mappings[i + 1];
    const line = lines[m.line - 1] ?? '';
    const end = next?.line === m.line ? next.column : line.length;
    const owner = m.source ? packageOf(m.source) : 'app (web/src, contract)';
    code.set(owner, (code.get(owner) ?? '') + line.slice(m.column, end));
  });
}

const sizes = (text: string) => ({
  KB: Number((Buffer.byteLength(text) / 1024).toFixed(1)),
  'gzip KB': Number((gzipSync(text, { level: 9 }).length / 1024).toFixed(1)),
  'brotli KB': Number(
    (brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024).toFixed(1),
  ),
});
const rows = [...code]
  .map(([name, text]) => ({ package: name, ...sizes(text) }))
  .sort((a, b) => b['gzip KB'] - a['gzip KB']);
console.log(
  '\nInitial JavaScript by package (each compressed alone, so the parts add up to a little more than the whole):',
);
console.table(rows);
const whole = sizes(total);
console.log(
  `Initial JavaScript: ${whole.KB} KB, ${whole['gzip KB']} KB gzip, ${whole['brotli KB']} KB brotli (budget ${BUDGET_KB} KB gzip)`,
);

for (const entry of fs.readdirSync(webDir, { recursive: true, withFileTypes: true })) {
  if (entry.isFile() && entry.name.endsWith('.map')) fs.rmSync(path.join(entry.parentPath, entry.name));
}
