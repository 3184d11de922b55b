/**
 * `npm run bench`: seeds 10,000 items into a temporary DATA_DIR, starts the production server
 * and measures catalogue endpoints with autocannon, each beside a bare node:http server that
 * answers the same bytes from memory in the same run, plain and with `Accept-Encoding: br, gzip`
 * as browsers send it. Prints throughput, latency, the ratio to the bare server and the
 * server's memory, including its peak under 100 connections of compressed traffic.
 * BENCH_SECONDS shortens each measurement.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import http from 'node:http';
import autocannon from 'autocannon';
import { timestampId } from '../contract/ids.ts';
import { startStore, freePort } from '../e2e/store.ts';
import { loadConfig } from '../server/config.ts';
import { renderScene } from '../server/demo/demo-art.ts';
import { planDemoCatalogue } from '../server/demo/seed-demo-catalogue.ts';
import { createLogger } from '../server/logger.ts';
import { openRuntime } from '../server/runtime.ts';
import { seedDemoCatalogue } from '../server/demo/seed-demo-catalogue.ts';
import type { NewItemRow } from '../server/db/schema.ts';

const ITEM_COUNT = 10_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const BROWSER = { 'accept-encoding': 'br, gzip' };
/** Connections for the memory test under compressed traffic. */
const HEAVY_CONNECTIONS = 100;
const PROCESSING_SOURCES = 20;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-'));

async function seedLargeCatalogue() {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const runtime = await openRuntime(config, createLogger(config));
  try {
    // Draw a handful of real wallpapers, then reuse their files for 10,000 rows.
    await seedDemoCatalogue({ ...runtime, log: () => {}, count: 6 });
    const templates = (await runtime.database.db.query.items.findMany()) as NewItemRow[];
    const names = planDemoCatalogue(new Date()).map((plan) => plan.name);
    const start = Date.now() - ITEM_COUNT * 60_000;
    const rows: NewItemRow[] = [];
    for (let i = 0; i < ITEM_COUNT - templates.length; i++) {
      const template = templates[i % templates.length]!;
      rows.push({
        ...template,
        itemId: timestampId(new Date(start + i * 60_000)),
        name: `${names[i % names.length]} ${Math.floor(i / names.length) + 1}`,
        search: undefined,
        createdAt: undefined,
        updatedAt: undefined,
      } as NewItemRow);
    }
    for (let i = 0; i < rows.length; i += 1000) await runtime.catalogue.insert(rows.slice(i, i + 1000));
    return {
      count: await runtime.catalogue.countAll(),
      thumbnail: `/images/items/${templates[0]!.itemId}/${templates[0]!.thumbnail}`,
      names,
    };
  } finally {
    await runtime.close();
  }
}

function measure(
  url: string,
  options: { nextPath?: () => string; headers?: Record<string, string>; connections?: number } = {},
) {
  const { nextPath, headers, connections = CONNECTIONS } = options;
  return autocannon({
    url,
    connections,
    duration: SECONDS,
    ...(headers && { headers }),
    ...(nextPath && { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] }),
  });
}

/** Peak (VmHWM) and current (VmRSS) resident memory of a process, in MB. */
function memory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { peak: read('VmHWM'), current: read('VmRSS') };
}

/** Distinct queries that all match (names end in a number), so nearly every one misses the cache. */
function variedSearches(names: string[]) {
  const words = [...new Set(names.flatMap((name) => name.toLowerCase().split(' ')))];
  let i = 0;
  return () => {
    i++;
    const word = words[i % words.length]!;
    return `/api/items/search?q=${word.slice(0, 3 + (i % 3))}%20${(i % 400) + 1}`;
  };
}

/**
 * Source images per second through the whole pipeline (waiting list, claim, storage, database)
 * beside the same Media work run directly on the same files, in one runtime.
 */
async function measureProcessing() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-processing-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'warn' });
  const runtime = await openRuntime(config, createLogger(config));
  try {
    const sources = await Promise.all(
      planDemoCatalogue(new Date(), PROCESSING_SOURCES).map((plan) =>
        runtime.media.image(renderScene(plan.spec), { width: 1080, height: 1920, format: 'jpeg' }),
      ),
    );
    const directStart = performance.now();
    // The pipeline's Media work for one source: preparing it, then its card images.
    for (const source of sources) {
      const prepared = await runtime.media.prepareWallpaper(source.data);
      for (const width of [360, 720]) {
        const height = Math.round((width * 16) / 9);
        await Promise.all([
          runtime.media.image(prepared.master, { width, height, format: 'webp', quality: 78 }),
          runtime.media.image(prepared.master, { width, height, format: 'avif', quality: 70 }),
        ]);
      }
      await runtime.media.placeholder(prepared.master);
    }
    const direct = (performance.now() - directStart) / 1000;

    const stored = [];
    for (const [i, source] of sources.entries()) {
      const key = `sources/bench-${i}.jpg`;
      await runtime.storage.put(key, source.data, { contentType: 'image/jpeg' });
      stored.push({ key, name: `bench-${i}.jpg` });
    }
    await runtime.waitingList.add(stored);
    const pipelineStart = performance.now();
    for (let entry = await runtime.waitingList.claim(60_000); entry; entry = await runtime.waitingList.claim(60_000)) {
      await runtime.processing.process(entry);
    }
    const pipeline = (performance.now() - pipelineStart) / 1000;
    return { direct: PROCESSING_SOURCES / direct, pipeline: PROCESSING_SOURCES / pipeline };
  } finally {
    await runtime.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`Processing ${PROCESSING_SOURCES} source images, through the pipeline and directly…`);
const processing = await measureProcessing();
console.log(`Seeding ${ITEM_COUNT} items into a temporary DATA_DIR…`);
const seeded = await seedLargeCatalogue();
console.log(`${seeded.count} items. Starting the production server…`);
// The load generator is one address with many connections: no per-address cap here.
const store = await startStore({ dataDir, env: { SEED_DEMO: 'false', MAX_CONNECTIONS_PER_ADDRESS: '0' } });

const paths = ['/api/items?limit=12', '/api/items/tag/landscape', '/api/items/search?q=neon', seeded.thumbnail];
const recorded: Record<string, { type: string; body: string; encoded?: string; encoding?: string }> = {};
for (const p of paths) {
  const response = await fetch(store.baseUrl + p, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`${p} answered ${response.status}`);
  // The compressed bytes exactly as sent (fetch would decode them).
  const compressed = await new Promise<{ body: Buffer; encoding: string | undefined }>((resolve, reject) => {
    http.get(store.baseUrl + p, { headers: BROWSER }, (res) => {
      const chunks: Buffer[] = [];
      res
        .on('data', (chunk: Buffer) => chunks.push(chunk))
        .on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }))
        .on('error', reject);
    });
  });
  recorded[p] = {
    type: response.headers.get('content-type') ?? 'application/octet-stream',
    body: Buffer.from(await response.arrayBuffer()).toString('base64'),
    ...(compressed.encoding && { encoded: compressed.body.toString('base64'), encoding: compressed.encoding }),
  };
}
const warm = memory(store.process.pid!);
const recordFile = path.join(dataDir, 'bare-responses.json');
fs.writeFileSync(recordFile, JSON.stringify(recorded));
const barePort = await freePort();
const bare = fork(path.join(import.meta.dirname, 'bench-bare-server.ts'), [recordFile, String(barePort)]);
await once(bare, 'message');

const rows = [];
for (const p of paths) {
  for (const headers of [undefined, BROWSER]) {
    const label = `${p.startsWith('/images/') ? 'thumbnail file' : p}${headers ? ' (br, gzip)' : ''}`;
    const ours = await measure(store.baseUrl + p, { headers });
    const baseline = await measure(`http://127.0.0.1:${barePort}${p}`, { headers });
    const encoded = headers && recorded[p]!.encoded;
    rows.push({
      endpoint: label,
      bytes: Buffer.from(encoded || recorded[p]!.body, 'base64').length,
      'req/s': Math.round(ours.requests.average),
      'p50 ms': ours.latency.p50,
      'p99 ms': ours.latency.p99,
      'bare req/s': Math.round(baseline.requests.average),
      'bare p99 ms': baseline.latency.p99,
      ratio: `${Math.round((ours.requests.average / baseline.requests.average) * 100)} %`,
      errors: ours.errors + ours.non2xx,
    });
  }
}

// Memory under heavy compressed traffic: the peak counter starts again here (Linux clear_refs).
fs.writeFileSync(`/proc/${store.process.pid}/clear_refs`, '5');
const beforeHeavy = memory(store.process.pid!);
await Promise.all(
  ['/api/items/tag/landscape', '/api/items?limit=12'].map((p) =>
    measure(store.baseUrl + p, { headers: BROWSER, connections: HEAVY_CONNECTIONS / 2 }),
  ),
);
const underHeavy = memory(store.process.pid!);

const uncached = await measure(`${store.baseUrl}/api/items/search?q=x`, { nextPath: variedSearches(seeded.names) });
rows.push({
  endpoint: 'search, distinct queries (uncached)',
  bytes: '',
  'req/s': Math.round(uncached.requests.average),
  'p50 ms': uncached.latency.p50,
  'p99 ms': uncached.latency.p99,
  'bare req/s': '',
  'bare p99 ms': '',
  ratio: '',
  errors: uncached.errors + uncached.non2xx,
});
const rss = memory(store.process.pid!);
bare.kill();
await store.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(
  `\n${CONNECTIONS} connections, ${SECONDS} s each, ${seeded.count} items on PGlite, Node ${process.version}`,
);
console.table(rows);
console.log(
  `Server RSS: ${warm.current.toFixed(0)} MB warm (catalogue loaded), ${rss.current.toFixed(0)} MB after the load, ` +
    `${rss.peak.toFixed(0)} MB at its peak since start`,
);
console.log(
  `Under ${HEAVY_CONNECTIONS} connections of compressed traffic (br, gzip; the landscape tag and the home list): ` +
    `${beforeHeavy.current.toFixed(0)} MB before, peak ${underHeavy.peak.toFixed(0)} MB, ${underHeavy.current.toFixed(0)} MB after (budget 400 MB)`,
);
console.log('Budget: cached catalogue endpoints at least 80 % of the bare server, p99 under 10 ms.');
console.log(
  `\nProcessing (1080x1920 sources): ${processing.pipeline.toFixed(2)} images/s through the pipeline, ` +
    `${processing.direct.toFixed(2)} images/s for the same Media work run directly: ` +
    `${Math.round((processing.direct / processing.pipeline - 1) * 100)} % overhead (budget 10 %).`,
);
