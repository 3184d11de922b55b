/**
 * Run by `npm run build`: writes a brotli (`.br`) and a gzip (`.gz`) copy beside every static
 * text file of the web build, at the highest levels, so the server sends them without
 * compressing anything per request (@fastify/static's preCompressed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webDir = path.resolve(import.meta.dirname, '..', 'dist', 'web');
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml)$/;
/** Below this a file goes out as it is, as the server's own threshold does. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(webDir, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  files++;
  before += data.length;
  after += brotli.length;
}
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
