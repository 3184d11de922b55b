/**
 * Run by `npm run build`: what the JavaScript of a first visit is made of, in its two steps:
 * the entry, fetched with the page, and the app it starts once the page has loaded and painted
 * (web/src/main.tsx). Follows each one's static imports in Vite's manifest, gives each package
 * (and the app's own code) its share of the bytes through the source maps, and prints them
 * gzip and brotli. The maps are removed afterwards, so they are never served.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';

const webDir = path.resolve(import.meta.dirname, '..', 'dist', 'web');
/** The initial JavaScript budget of design.md, tightened to 100 KB gzip. */
const BUDGET_KB = 100;
/** The module the entry imports once the page has painted. */
const APP_START = 'src/app/start.tsx';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
const manifest = JSON.parse(fs.readFileSync(path.join(webDir, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** The files of these chunks and of every chunk they import statically, except those of `loaded`. */
function closure(keys: string[], loaded: Set<string> = new Set()): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || loaded.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return new Set([...files].filter((file) => file.endsWith('.js')));
}

/** 'react-dom', '@tanstack/query-core', or 'app' for our own code. */
function packageOf(source: string): string {
  const inModules = source.split('node_modules/').at(-1)!;
  if (inModules === source) return 'app (web/src, contract)';
  const parts = inModules.split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** Each package's share of these files' code, through their source maps. */
function byPackage(files: Set<string>): { code: Map<string, string>; total: string } {
  const code = new Map<string, string>();
  let total = '';
  for (const file of files) {
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
  return { code, total };
}

const sizes = (text: string) => ({
  KB: Number((Buffer.byteLength(text) / 1024).toFixed(1)),
  'gzip KB': Number((gzipSync(text, { level: 9 }).length / 1024).toFixed(1)),
  'brotli KB': Number(
    (brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024).toFixed(1),
  ),
});

function report(title: string, files: Set<string>): ReturnType<typeof sizes> {
  const { code, total } = byPackage(files);
  const rows = [...code]
    .map(([name, text]) => ({ package: name, ...sizes(text) }))
    .sort((a, b) => b['gzip KB'] - a['gzip KB']);
  const whole = sizes(total);
  console.log(`\n${title}: ${whole.KB} KB, ${whole['gzip KB']} KB gzip, ${whole['brotli KB']} KB brotli`);
  if (rows.length > 1) console.table(rows);
  return whole;
}

const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
const initial = closure(entries);
const first = report('JavaScript fetched with the page (the entry)', initial);
report(
  'JavaScript of the app, fetched once the page has painted (each package compressed alone, so the parts add up to a little more)',
  closure([APP_START], initial),
);
console.log(`Initial JavaScript: ${first['gzip KB']} KB gzip (budget ${BUDGET_KB} KB)`);

for (const entry of fs.readdirSync(webDir, { recursive: true, withFileTypes: true })) {
  if (entry.isFile() && entry.name.endsWith('.map')) fs.rmSync(path.join(entry.parentPath, entry.name));
}
