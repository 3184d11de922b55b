/**
 * `npm run bench [-- --items N]`: seeds N items (10,000 unless told) into a temporary DATA_DIR
 * (or the empty database at DATABASE_URL), starts the production server
 * and measures catalogue endpoints with autocannon, each beside a bare node:http server that
 * answers the same bytes from memory in the same run (the two in turn, twice), plain and with
 * `Accept-Encoding: br, gzip` as browsers send it. Prints throughput, latency, the ratio to the bare server and the
 * server's memory, including its peak under 100 connections of compressed traffic and what it
 * holds after a minute without any. The server
 * (and the bare one) run on one core and the load generator on another (taskset), so a ratio is
 * the server's and not the machine's. Then, with the store on both cores (decision 105), each
 * list, filter, deep page and 'More like this' one at a time as the database answers them (a page
 * never asked before; twenty of each kind, then twenty more once every kind was asked), distinct
 * searches with misspellings, each beside a baseline (its items read again by key,
 * scripts/bench-rows-by-key.ts), and storage per item across edits. BENCH_SECONDS shortens each
 * measurement.
 */
import { execFileSync, fork, spawnSync, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import http from 'node:http';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { MEMORY_FLAGS, SERVER_ENV, SERVER_NODE_FLAGS, startColourIndex, startStore, freePort } from '../e2e/store.ts';
import { loadConfig } from '../server/shared/config.ts';
import { renderScene } from '../server/demo/demo-art.ts';
import { growCatalogue } from '../server/demo/grow-catalogue.ts';
import { planDemoCatalogue } from '../server/demo/seed-demo-catalogue.ts';
import { createLogger } from '../server/shared/logger.ts';
import { createMedia, openRuntime, type Runtime } from '../server/app/runtime.ts';
import { startJobRunner } from '../server/jobs/job-runner.ts';
import { jobHandlers } from '../server/jobs/job-handlers.ts';
import { itemPrivateFolder } from '../server/services/items/stored-files.ts';
import { SWATCHES } from '#contract/colour.ts';
import { deviceCrop } from '#contract/device-crop.ts';
import { PHONE_SCREENS } from '#contract/devices.ts';
import type { Item } from '#contract/item.ts';
import { seedDemoCatalogue } from '../server/demo/seed-demo-catalogue.ts';
import type { RecordedAnswer, RecordedAnswers } from './bench-bare-server.ts';
import { median, percentile, phasesOf } from './bench-stats.ts';

const { values: args } = parseArgs({ options: { items: { type: 'string', default: '10000' } } });
const ITEM_COUNT = Number(args.items);
const DATABASE_URL = process.env.DATABASE_URL;
/** Distinct searches timed one after another, for their latency percentiles. */
const SEARCHES = 400;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const BROWSER = { 'accept-encoding': 'br, gzip' };
/** Connections for the memory test under compressed traffic. */
const HEAVY_CONNECTIONS = 100;
const PROCESSING_SOURCES = 20;
/** How far (CIELAB) the copies' palettes lie around their originals'. */
const COLOUR_SPREAD = 20;
/**
 * Requests of each uncached page, one at a time: twenty in a process that has not yet asked the
 * database for that kind of page, then twenty more once it has asked for every kind.
 */
const UNCACHED_ROUNDS = 20;
/**
 * Seconds without any request before the processes' memory is read again: what they hold idle,
 * once V8's memory reducer has given back what the load left (decision 102).
 */
const QUIET_SECONDS = 60;
/** Edits of one item, each after two phones asked for their own file. */
const EDITS = 10;
const EDIT_SCREENS = PHONE_SCREENS.slice(0, 2);

/** Whether the server and the load generator can have a core each. */
const PINNED = os.availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0;

/** Keeps every thread of a process on the cores given. */
function pin(pid: number, ...cores: number[]) {
  if (PINNED) execFileSync('taskset', ['-a', '-cp', cores.join(','), String(pid)], { stdio: 'ignore' });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-'));

async function seedLargeCatalogue() {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(DATABASE_URL && { DATABASE_URL }) });
  const runtime = await openRuntime(config, createLogger(config));
  try {
    // Draw a handful of real wallpapers, then copy them (their files shared) up to ITEM_COUNT rows.
    await seedDemoCatalogue({ ...runtime, log: () => {}, count: 6 });
    const drawn = await runtime.catalogue.newestRows(6);
    const seedStart = performance.now();
    await growCatalogue(runtime.catalogue, {
      count: ITEM_COUNT - drawn.length,
      // A million distinct pictures have as many palettes: copies of six would all match the same colours.
      colourSpread: COLOUR_SPREAD,
      onProgress: (added) => process.stdout.write(`\r${added} copies…`),
    });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const storage = await measureStorage(runtime, drawn.find((row) => row.freeDownload) ?? drawn[0]!);
    // Publishing one item: a write, then the next read of the newest page (the version moved on).
    const publishMs: number[] = [];
    const query = { limit: 60, offset: 0, sort: 'newest' as const };
    for (let i = 0; i < 20; i++) {
      await runtime.catalogue.listJson(query);
      const started = performance.now();
      await runtime.catalogue.update(drawn[0]!.itemId, { published: i % 2 === 1 });
      publishMs.push(performance.now() - started);
    }
    await runtime.catalogue.update(drawn[0]!.itemId, { published: true });
    const tagCounts = await tagsAfterPublishing(runtime, drawn[0]!.itemId);
    // A server writes the bulk seed's pages out in a checkpoint spread over minutes, which would
    // otherwise run through the measurements below.
    if (DATABASE_URL) await runtime.database.db.execute(sql`checkpoint`);
    return {
      count: await runtime.catalogue.countAll(),
      thumbnail: `/images/items/${drawn[0]!.itemId}/${drawn[0]!.thumbnail}`,
      itemId: drawn[0]!.itemId,
      names: planDemoCatalogue(new Date()).map((plan) => plan.name),
      publishMs: percentile(publishMs, 50),
      tagCounts,
      seedSeconds,
      storage,
      tag: drawn.flatMap((row) => row.tags).find((tag) => !['anime', 'landscape', 'minimalistic'].includes(tag)),
    };
  } finally {
    await runtime.close();
  }
}

/**
 * Every tag with its count: counted the first time (as a store counts them when it starts), and
 * the first ask after each of a few publishes (the median), as the Android app's catalogues ask
 * after one. Each round waits until the counts are new again.
 */
async function tagsAfterPublishing(
  runtime: Runtime,
  itemId: string,
): Promise<{ counted: number; afterPublish: number }> {
  let started = performance.now();
  await runtime.catalogue.tagsJson();
  const counted = performance.now() - started;
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    await runtime.catalogue.update(itemId, { published: false });
    await runtime.catalogue.update(itemId, { published: true });
    started = performance.now();
    await runtime.catalogue.tagsJson();
    times.push(performance.now() - started);
    while ((await runtime.catalogue.tagCounts()).lagging) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { counted, afterPublish: percentile(times, 50) };
}

/**
 * Bytes of one item's phone files in storage after each of EDITS edits (the stale-phone-files
 * job run as the worker runs it), beside the bytes its phones were sent across those versions:
 * what storage would hold if nothing were removed.
 */
async function measureStorage(runtime: Runtime, row: { itemId: string }) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const runner = startJobRunner({
    queue: runtime.jobs,
    handlers: jobHandlers(runtime),
    logger: createLogger(config),
    idleMs: 50,
  });
  const stopWaking = runtime.jobs.onEnqueued(runner.wake);
  const phoneFileBytes = async () => {
    const listed = await runtime.storage.list({ prefix: `${itemPrivateFolder(row.itemId)}/`, pageSize: 1000 });
    return listed.items.filter((file) => file.name.startsWith('fit-v')).reduce((sum, file) => sum + file.size, 0);
  };
  const kept: number[] = [];
  let made = 0;
  try {
    for (let edit = 0; edit < EDITS; edit++) {
      const current = (await runtime.catalogue.findRow(row.itemId))!;
      for (const screen of EDIT_SCREENS) await runtime.deviceFit.file(current, screen);
      made += await phoneFileBytes();
      await runtime.catalogue.update(row.itemId, { media: { focal: { x: 0.3 + edit / 100, y: 0.5 } } });
      while ((await runtime.jobs.pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      kept.push(await phoneFileBytes());
    }
  } finally {
    stopWaking();
    await runner.stop();
  }
  return { kept, made };
}

function measure(
  url: string,
  options: { nextPath?: () => string; headers?: Record<string, string>; connections?: number; seconds?: number } = {},
) {
  const { nextPath, headers, connections = CONNECTIONS, seconds = SECONDS } = options;
  return autocannon({
    url,
    connections,
    duration: seconds,
    ...(headers && { headers }),
    ...(nextPath && { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] }),
  });
}

/** Turns each of the store and the bare server take, for half of SECONDS each (see sideBySide). */
const TURNS = 2;

/** Seconds of CPU a process has used (user and system), from /proc (Linux's clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The store and the bare server measured in turn, TURNS times: this machine's speed drifts by
 * as much as half within a minute, and taking turns lets a drift fall on both alike. Requests a
 * second over all turns; latencies of the slower turn; and the CPU each server spent per request,
 * which is the server's own cost where the load generator's core is the one that is full.
 */
async function sideBySide(
  target: { url: string; pid: number },
  bareTarget: { url: string; pid: number },
  headers: Record<string, string> | undefined,
) {
  const turns = { ours: [] as Turn[], bare: [] as Turn[] };
  const turn = async ({ url, pid }: { url: string; pid: number }): Promise<Turn> => {
    const before = cpuSeconds(pid);
    const result = await measure(url, { headers, seconds: SECONDS / TURNS });
    return { result, cpu: cpuSeconds(pid) - before };
  };
  for (let round = 0; round < TURNS; round++) {
    turns.ours.push(await turn(target));
    turns.bare.push(await turn(bareTarget));
  }
  const overAll = (results: Turn[]) => {
    const requests = results.reduce((sum, { result }) => sum + result.requests.total, 0);
    return {
      perSecond: requests / SECONDS,
      cpuMicroseconds: (results.reduce((sum, { cpu }) => sum + cpu, 0) / requests) * 1e6,
      p50: Math.max(...results.map(({ result }) => result.latency.p50)),
      p99: Math.max(...results.map(({ result }) => result.latency.p99)),
      errors: results.reduce((sum, { result }) => sum + result.errors + result.non2xx, 0),
    };
  };
  return { ours: overAll(turns.ours), bare: overAll(turns.bare) };
}

interface Turn {
  result: autocannon.Result;
  /** CPU seconds the server spent in the turn. */
  cpu: number;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * A phone's own file (decision 028) for several screens: its first render and a cached answer
 * through the store, beside the same sharp crop run directly on the master, on the cores the
 * store has then (both, decision 105).
 */
async function measureDeviceFit(baseUrl: string) {
  const items = (await (await fetch(`${baseUrl}/api/items?limit=60`)).json()) as Item[];
  const free = items.find((item) => item.freeDownload && item.downloadList[0]?.ext === 'jpg');
  if (!free) throw new Error('No free item to make phone files of');
  const master = Buffer.from(await (await fetch(new URL(free.downloadList[0]!.link, baseUrl))).arrayBuffer());
  const media = createMedia(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }));
  const [width, height] = free.sizeOptions[0]!.split('x').map(Number) as [number, number];
  const first: number[] = [];
  const cached: number[] = [];
  const direct: number[] = [];
  for (const screen of PHONE_SCREENS) {
    const crop = deviceCrop({ width, height }, screen, free.focalPoint);
    if (!crop.fits) continue;
    const url = `${baseUrl}/api/downloads/free/${free.itemId}/fit/${screen.width}x${screen.height}`;
    const get = () => fetch(url).then((response) => response.arrayBuffer());
    first.push(await timed(get));
    cached.push(await timed(get));
    direct.push(await timed(() => media.crop(master, crop, screen)));
  }
  return {
    screens: first.length,
    first: percentile(first, 50),
    cached: percentile(cached, 50),
    direct: percentile(direct, 50),
  };
}

/** Median, p95 and p99 of some timings, as the report prints them. */
const latencies = (times: number[]) =>
  [50, 95, 99].map((p) => `p${p} ${percentile(times, p).toFixed(1)}`).join(' / ') + ' ms';

/** Peak (VmHWM) and current (VmRSS) resident memory of a process, in MB. */
function memory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const read = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { peak: read('VmHWM'), current: read('VmRSS') };
}

/** The words of the catalogue's names a visitor might search for. */
const searchableWords = (names: string[]) =>
  [...new Set(names.flatMap((name) => name.toLowerCase().split(' ')))].filter((word) => word.length > 3);

/**
 * Distinct queries: most are a word's first letters and a number (names end in one), so they
 * match; every fourth is a whole word with two letters swapped, which matches nothing and is
 * answered from near spellings. Nearly every one misses the cache; each `round` asks the same
 * searches for pages of other sizes, which the answer cache keys on.
 */
function variedSearches(names: string[], round = 0) {
  const words = searchableWords(names);
  let i = 0;
  return () => {
    i++;
    const word = words[i % words.length]!;
    if (i % 4 === 0) {
      const at = 1 + (i % (word.length - 2));
      return `/api/items/search?q=${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}&limit=${20 + ((i + 13 * round) % 40)}`;
    }
    return `/api/items/search?q=${word.slice(0, 3 + (i % 3))}%20${(i % 400) + 1}${round ? `&limit=${60 - round}` : ''}`;
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
    // The pipeline's Media work for one source: preparing it, then its card images, the apps' HD preview, placeholder, focal point and palette.
    for (const source of sources) {
      const prepared = await runtime.media.prepareWallpaper(source.data);
      for (const width of [360, 720]) {
        const height = Math.round((width * 16) / 9);
        await Promise.all([
          runtime.media.image(prepared.master, { width, height, format: 'webp', quality: 78 }),
          runtime.media.image(prepared.master, { width, height, format: 'avif', quality: 70 }),
        ]);
      }
      await Promise.all([
        runtime.media.image(prepared.master, { width: 1080, height: 1920, format: 'webp', quality: 80 }),
        runtime.media.blurred(prepared.master, { width: 12, height: 21 }),
        runtime.media.focalPoint(prepared.master),
        runtime.media.palette(prepared.master),
      ]);
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
// On a PostgreSQL server the store runs as it would at that size: with the colour index beside
// it, on the server's core (decision 098).
const colourIndexStart = performance.now();
const colourIndex = DATABASE_URL ? await startColourIndex(DATABASE_URL) : undefined;
const colourIndexLoad = (performance.now() - colourIndexStart) / 1000;
if (colourIndex) pin(colourIndex.process.pid!, 0);
// The load generator is one address with many connections: no per-address cap here.
const storeEnv = {
  SEED_DEMO: 'false',
  MAX_CONNECTIONS_PER_ADDRESS: '0',
  ...(DATABASE_URL && { DATABASE_URL }),
  ...(colourIndex && { COLOUR_INDEX_URL: colourIndex.url }),
};

/** The lists visitors start from: asked one at a time a second after a start, then all at once (decision 097). */
const FIRST_VISITS = [
  '/api/items',
  '/api/items/tag/landscape',
  '/api/items/tag/anime',
  '/api/items/tag/minimalistic',
  '/api/items/photoType/live',
  '/api/items?dark=true',
  '/api/items?sort=price-asc',
  '/api/items?sort=price-desc',
  `/api/items?color=${SWATCHES[0].hex.slice(1)}`,
  `/api/items/tag/landscape?color=${SWATCHES[5].hex.slice(1)}`,
];

/** Milliseconds of a page at this page size, on a connection of its own. */
const firstVisit = (baseUrl: string, p: string, limit: number) =>
  timed(
    () =>
      new Promise((resolve, reject) => {
        const url = `${baseUrl}${p}${p.includes('?') ? '&' : '?'}limit=${limit}`;
        http.get(url, { agent: false, headers: BROWSER }, (res) => res.resume().on('end', resolve)).on('error', reject);
      }),
  );

/**
 * Milliseconds from starting the server to its first answer, median of 3, with its module hooks
 * and without (decision 052). With its hooks, a second after each start: FIRST_VISITS one at a
 * time, then all at once as visitors who come together ask them, then all at once again (each
 * round at a page size of its own, so none is cached): the second round finds the connections
 * the first opened.
 */
async function timeStarts() {
  const times = { hooks: [] as number[], bare: [] as number[] };
  const atOnce = { first: [] as number[], again: [] as number[] };
  for (let round = 0; round < 3; round++) {
    for (const kind of ['hooks', 'bare'] as const) {
      const started = performance.now();
      const store = await startStore({ dataDir, env: storeEnv, ...(kind === 'bare' && { nodeFlags: MEMORY_FLAGS }) });
      times[kind].push(performance.now() - started);
      if (kind === 'hooks') {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        for (const p of FIRST_VISITS) await firstVisit(store.baseUrl, p, 59 - round);
        for (const [into, limit] of [
          [atOnce.first, 49 - round],
          [atOnce.again, 39 - round],
        ] as const)
          into.push(...(await Promise.all(FIRST_VISITS.map((p) => firstVisit(store.baseUrl, p, limit)))));
      }
      await store.stop();
    }
  }
  return { hooks: median(times.hooks), bare: median(times.bare), atOnce };
}

console.log(
  `\n${seeded.count} items. Starting the production server, three times with its module hooks and three without…`,
);
const starts = await timeStarts();
const store = await startStore({ dataDir, env: storeEnv });
// Memory once started and settled, before any traffic.
await new Promise((resolve) => setTimeout(resolve, 3000));
const settled = memory(store.process.pid!);

pin(store.process.pid!, 0);
pin(process.pid, 1);

/** Answered from the answer cache after the first request, plain and as browsers ask. */
const paths = [
  '/api/items?limit=12',
  '/api/items/tag/landscape',
  `/api/items/${seeded.itemId}`,
  '/api/items/search?q=neon',
  seeded.thumbnail,
];
// A theme's 1,000th page of 60 (or its last but one in a smaller catalogue).
const themeTotal = Number(
  (await fetch(`${store.baseUrl}/api/items/tag/landscape?limit=1`)).headers.get('x-total-count'),
);
const DEEP_PAGE = Math.min(1000, Math.floor(themeTotal / 60) - 1);

/** The first page of every list and filter, and that deep page, cached too: measured as browsers ask only. */
const listPaths = [
  '/api/items',
  '/api/items?sort=price-asc',
  '/api/items/photoType/live',
  `/api/items/tag/${seeded.tag}`,
  `/api/items?color=${SWATCHES[5].hex.slice(1)}`,
  '/api/items?dark=true',
  `/api/items/tag/landscape?offset=${(DEEP_PAGE - 1) * 60}&limit=60`,
];
/** Headers Node writes to every answer of its own, which the bare server adds itself. */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive']);

/** The store's answer to a client sending these headers, as the bare server replays it. */
function answerAsSent(p: string, headers: Record<string, string>): Promise<RecordedAnswer & { encoding?: string }> {
  return new Promise((resolve, reject) => {
    http.get(store.baseUrl + p, { headers }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${p} answered ${res.statusCode}`));
      const chunks: Buffer[] = [];
      res
        .on('data', (chunk: Buffer) => chunks.push(chunk))
        .on('end', () => {
          const sent = res.rawHeaders.flatMap((value, index, all) =>
            index % 2 === 0 && !NODE_HEADERS.has(value.toLowerCase()) ? [value, all[index + 1]!] : [],
          );
          const encoding = res.headers['content-encoding'];
          resolve({ headers: sent, body: Buffer.concat(chunks).toString('base64'), ...(encoding && { encoding }) });
        })
        .on('error', reject);
    });
  });
}

const recorded: RecordedAnswers = {};
for (const p of [...paths, ...listPaths]) {
  const compressed = await answerAsSent(p, BROWSER);
  recorded[p] = {
    plain: await answerAsSent(p, {}),
    ...(compressed.encoding && { encoded: { ...compressed, encoding: compressed.encoding } }),
  };
}
const warm = memory(store.process.pid!);
const recordFile = path.join(dataDir, 'bare-responses.json');
fs.writeFileSync(recordFile, JSON.stringify(recorded));
const barePort = await freePort();
const bare = fork(path.join(import.meta.dirname, 'bench-bare-server.ts'), [recordFile, String(barePort)]);
await once(bare, 'message');
pin(bare.pid!, 0);

const rows = [];
const measured = [
  ...paths.flatMap((p) => [
    { p, headers: undefined },
    { p, headers: BROWSER },
  ]),
  ...listPaths.map((p) => ({ p, headers: BROWSER })),
];
for (const { p, headers } of measured) {
  const label = `${p.startsWith('/images/') ? 'thumbnail file' : p}${headers ? ' (br, gzip)' : ''}`;
  const { ours, bare: baseline } = await sideBySide(
    { url: store.baseUrl + p, pid: store.process.pid! },
    { url: `http://127.0.0.1:${barePort}${p}`, pid: bare.pid! },
    headers,
  );
  const sent = (headers && recorded[p]!.encoded) || recorded[p]!.plain;
  rows.push({
    endpoint: label,
    bytes: Buffer.from(sent.body, 'base64').length,
    'req/s': Math.round(ours.perSecond),
    'p50 ms': ours.p50,
    'p99 ms': ours.p99,
    'bare req/s': Math.round(baseline.perSecond),
    'bare p99 ms': baseline.p99,
    ratio: `${Math.round((ours.perSecond / baseline.perSecond) * 100)} %`,
    'CPU µs/req': Math.round(ours.cpuMicroseconds),
    'bare CPU µs/req': Math.round(baseline.cpuMicroseconds),
    'CPU ratio': `${Math.round((baseline.cpuMicroseconds / ours.cpuMicroseconds) * 100)} %`,
    errors: ours.errors,
  });
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

// What a visitor waits for is timed with the store's processes on both cores, as a store on a
// machine of two cores runs them: the load now is one visitor at a time, not a load generator
// that needs a core of its own (decision 105). Throughput is measured on one core again.
const storeProcesses = [store.process.pid!, ...(colourIndex ? [colourIndex.process.pid!] : [])];
const storeCores = (...cores: number[]) => storeProcesses.forEach((pid) => pin(pid, ...cores));
storeCores(0, 1);

// One request at a time is timed by a process of its own on the load generator's core, its
// collector on one thread: timed in this process, or with helper threads sharing one core, the
// pages held pauses that were not the server's (decision 077, scripts/bench-visitor.ts).
const visitor = fork(path.join(import.meta.dirname, 'bench-visitor.ts'), [store.baseUrl], {
  execArgv: [...process.execArgv, '--single-threaded-gc', '--expose-gc'],
});
pin(visitor.pid!, 1);
/** A helper process's next message, or its exit as an error; whichever comes second stops being listened for. */
async function messageFrom(helper: ChildProcess, name: string) {
  const settled = new AbortController();
  try {
    return await Promise.race([
      once(helper, 'message', { signal: settled.signal }),
      once(helper, 'exit', { signal: settled.signal }).then(([code]) => {
        throw new Error(`The ${name} exited with ${code}`);
      }),
    ]);
  } finally {
    settled.abort();
  }
}
await messageFrom(visitor, 'visitor');
/** Requests timed one at a time, how many of them a collection in the visitor overlapped, and its longest. */
const visits = { timed: 0, paused: 0, longestPause: 0 };

/**
 * Milliseconds of each request, one at a time, as a visitor waits for it, the items each answer
 * listed, and where the server said its making went (`Server-Timing`).
 */
async function oneAtATime(
  nextPath: (round: number) => string,
  rounds: number,
): Promise<{ times: number[]; ids: string[][]; timings: string[] }> {
  visitor.send({
    paths: Array.from({ length: rounds }, (_, round) => nextPath(round)),
    headers: BROWSER,
  });
  const [answer] = (await messageFrom(visitor, 'visitor')) as [
    { times: number[]; ids: string[][]; timings: string[]; paused: number; longestPause: number } | { failed: string },
  ];
  if ('failed' in answer) throw new Error(answer.failed);
  visits.timed += answer.times.length;
  visits.paused += answer.paused;
  visits.longestPause = Math.max(visits.longestPause, answer.longestPause);
  return { times: answer.times, ids: answer.ids, timings: answer.timings };
}

// The deep page's cursor as 'Load more' reaches it (the link to the page after the one before).
const beforeDeep = await fetch(`${store.baseUrl}/api/items/tag/landscape?offset=${(DEEP_PAGE - 2) * 60}&limit=60`);
const deepLink = /<([^>]+)>; rel="next"/.exec(beforeDeep.headers.get('link') ?? '')?.[1];
if (!deepLink) throw new Error(`No link to page ${DEEP_PAGE} of a theme`);
const deepUrl = new URL(deepLink, store.baseUrl);
deepUrl.searchParams.delete('limit');
deepUrl.searchParams.delete('offset');
const deepCursor = `${deepUrl.pathname}${deepUrl.search}`;

// Pages never asked before (each round a page size of its own, which the answer cache keys on):
// what the database costs the first visitor after a change of the catalogue. Each kind is asked
// twenty times in turn, then twenty more after every kind was: the first twenty carry what a
// process pays the first time it runs a kind of page (its code compiled as it goes, its
// statements' first plans), which a process that has served for a while no longer pays.
const limit = (round: number) => 60 - round;
/** Which twenty a round is of: 0 the first, 1 the next. */
const pass = (round: number) => Math.floor(round / UNCACHED_ROUNDS);
const otherItem = ((await (await fetch(`${store.baseUrl}/api/items?limit=2`)).json()) as { id: string }[])[1]!.id;
const nameWords = searchableWords(seeded.names);
const wordOf = (round: number) => nameWords[round % nameWords.length]!;
/** Colours spread over the RGB cube, none a swatch: what a client that lets people pick any colour asks for. */
const pickedColour = (round: number) =>
  [37 * round + 20, 91 * round + 60, 53 * round + 110].map((c) => (c % 256).toString(16).padStart(2, '0')).join('');
const uncachedPages: [string, (round: number) => string][] = [
  ['newest, first page', (r) => `/api/items?limit=${limit(r)}`],
  ['a theme (landscape), first page', (r) => `/api/items/tag/landscape?limit=${limit(r)}`],
  [`a tag (${seeded.tag}), first page`, (r) => `/api/items/tag/${seeded.tag}?limit=${limit(r)}`],
  ['free first (price)', (r) => `/api/items?sort=price-asc&limit=${limit(r)}`],
  ['dearest first (price)', (r) => `/api/items?sort=price-desc&limit=${limit(r)}`],
  ['live', (r) => `/api/items/photoType/live?limit=${limit(r)}`],
  [
    'a colour (each swatch in turn)',
    (r) => `/api/items?color=${SWATCHES[r % SWATCHES.length]!.hex.slice(1)}&limit=${limit(r)}`,
  ],
  ['a colour picked freely (not a swatch)', (r) => `/api/items?color=${pickedColour(r)}&limit=${limit(r)}`],
  [
    'a theme in a colour',
    (r) => `/api/items/tag/landscape?color=${SWATCHES[r % SWATCHES.length]!.hex.slice(1)}&limit=${limit(r)}`,
  ],
  ['a theme in a colour picked freely', (r) => `/api/items/tag/landscape?color=${pickedColour(r)}&limit=${limit(r)}`],
  [
    `a tag (${seeded.tag}) in a colour picked freely`,
    (r) => `/api/items/tag/${seeded.tag}?color=${pickedColour(r)}&limit=${limit(r)}`,
  ],
  ['OLED dark', (r) => `/api/items?dark=true&limit=${limit(r)}`],
  [
    "a search within a swatch (the search page's colours)",
    (r) => `/api/items/search?q=${wordOf(r)}&color=${SWATCHES[r % SWATCHES.length]!.hex.slice(1)}&limit=${limit(r)}`,
  ],
  ['a search within OLED dark', (r) => `/api/items/search?q=${wordOf(r + 7)}&dark=true&limit=${limit(r)}`],
  [
    `a theme, page ${DEEP_PAGE} of 60 by offset`,
    (r) => `/api/items/tag/landscape?offset=${(DEEP_PAGE - 1) * 60}&limit=${limit(r)}`,
  ],
  [`a theme, page ${DEEP_PAGE} of 60 by cursor (as the web app pages)`, (r) => `${deepCursor}&limit=${limit(r)}`],
  [
    `the app: a theme, page ${DEEP_PAGE} of 30`,
    (r) => `/api/items/wallpapers/page?catalog=landscape&page=${DEEP_PAGE - 1 + pass(r)}&pageSize=${30 - (r % 20)}`,
  ],
  ["'More like this'", (r) => `/api/items/${[seeded.itemId, otherItem][pass(r)]}/like?limit=${24 - (r % 20)}`],
  // Never kept: its top-up is a new random sample each time.
  ["the app's popular wallpapers", (r) => `/api/items/wallpapers/popular?number=${limit(r)}`],
];
const uncachedTimings = [];
for (const [label, nextPath] of uncachedPages)
  uncachedTimings.push({ label, ...(await oneAtATime(nextPath, UNCACHED_ROUNDS)) });
const nextTimings: Awaited<ReturnType<typeof oneAtATime>>[] = [];
for (const [, nextPath] of uncachedPages)
  nextTimings.push(await oneAtATime((round) => nextPath(UNCACHED_ROUNDS + round), UNCACHED_ROUNDS));
const { times: sitemapMs } = await oneAtATime(() => '/sitemap.xml', 1);
// Each tag's first visit, and of each photo type: a list whose count no visitor has asked for
// since the start, as after a restart.
const tagsInUse = ((await (await fetch(`${store.baseUrl}/api/items/tags`)).json()) as { tag: string }[])
  .map(({ tag }) => tag)
  .filter((tag) => tag !== 'landscape' && tag !== seeded.tag);
const tagVisits = tagsInUse.flatMap((tag) =>
  ['', '?photoType=static', '?photoType=live'].map((type) => `/api/items/tag/${encodeURIComponent(tag)}${type}`),
);
const { times: tagVisitMs } = await oneAtATime((r) => tagVisits[r]!, tagVisits.length);

// One search at a time, each a query never asked before: the time a visitor waits for it.
const { times: searchMs, ids: searchIds } = await oneAtATime(variedSearches(seeded.names), SEARCHES);
storeCores(0);
const uncached = await measure(`${store.baseUrl}/api/items/search?q=x`, { nextPath: variedSearches(seeded.names, 1) });
storeCores(0, 1);
// The same searches again once the process has answered thousands: the database's WebAssembly
// (PGlite) and the server's JavaScript are optimised as they run hot, so a store that has run a
// while answers faster than one just started.
const { times: warmSearchMs } = await oneAtATime(variedSearches(seeded.names, 2), SEARCHES);
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
const colourIndexRss = colourIndex && memory(colourIndex.process.pid!);
pin(process.pid, 0, 1);
const deviceFit = await measureDeviceFit(store.baseUrl);
await new Promise((resolve) => setTimeout(resolve, QUIET_SECONDS * 1000));
const quiet = memory(store.process.pid!);
const colourIndexQuiet = colourIndex && memory(colourIndex.process.pid!);
bare.kill();
visitor.kill();
await store.stop();
await colourIndex?.stop();

// The baseline of each page timed one at a time: its items read again by key and their answer
// prepared, by a process started as the server was, on the cores the server had for them.
const rowsByKey = fork(path.join(import.meta.dirname, 'bench-rows-by-key.ts'), [dataDir], {
  execArgv: [...process.execArgv, ...SERVER_NODE_FLAGS],
  env: { ...process.env, ...SERVER_ENV, ...(DATABASE_URL && { DATABASE_URL }) },
});
pin(rowsByKey.pid!, 0, 1);
let byKeyAnswer: { times: number[] } | { failed: string };
try {
  await messageFrom(rowsByKey, 'reader of rows by key');
  rowsByKey.send({ pages: [...[...uncachedTimings, ...nextTimings].flatMap(({ ids }) => ids), ...searchIds] });
  [byKeyAnswer] = (await messageFrom(rowsByKey, 'reader of rows by key')) as [typeof byKeyAnswer];
} finally {
  // Its IPC channel would keep it, and the bench waiting on it, alive once the bench is done.
  rowsByKey.kill();
}
if ('failed' in byKeyAnswer) throw new Error(byKeyAnswer.failed);
const byKeyMs = byKeyAnswer.times;
/** Timings over their baseline at percentile `p`; none where the answers listed nothing to read. */
const ratioOf = (times: number[], baseline: number[], p: number) => {
  const base = percentile(baseline, p);
  return base >= 0.05 ? `${(percentile(times, p) / base).toFixed(1)}×` : '–';
};
/** The baseline of the `n`th kind's first twenty, or (`pass` 1) of its next twenty. */
const byKeyOf = (n: number, pass = 0) =>
  byKeyMs.slice(
    (pass * uncachedPages.length + n) * UNCACHED_ROUNDS,
    (pass * uncachedPages.length + n + 1) * UNCACHED_ROUNDS,
  );
const uncachedRows = uncachedTimings.map(({ label, times }, n) => {
  const byKey = byKeyOf(n);
  const next = nextTimings[n]!.times;
  return {
    page: label,
    'p50 ms': Number(percentile(times, 50).toFixed(1)),
    'p95 ms': Number(percentile(times, 95).toFixed(1)),
    'max ms': Number(Math.max(...times).toFixed(1)),
    'by key p50 ms': Number(percentile(byKey, 50).toFixed(1)),
    'by key p95 ms': Number(percentile(byKey, 95).toFixed(1)),
    'p50 ratio': ratioOf(times, byKey, 50),
    'p95 ratio': ratioOf(times, byKey, 95),
    'next p50 ms': Number(percentile(next, 50).toFixed(1)),
    'next p95 ms': Number(percentile(next, 95).toFixed(1)),
    // Of pages of other sizes: the next twenty's beside their own items read by key.
    'next by key p50 ms': Number(percentile(byKeyOf(n, 1), 50).toFixed(1)),
    'next p50 ratio': ratioOf(next, byKeyOf(n, 1), 50),
  };
});
/** The phases the server timed of each kind's first twenty: the median of each, and the slowest page's. */
const PHASES = ['index', 'keys', 'count', 'rows', 'make', 'br'];
const phaseRows = uncachedTimings.map(({ label, times, timings }) => {
  const phases = timings.map(phasesOf);
  const slowest = phases[times.indexOf(Math.max(...times))]!;
  const ms = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(1));
  return {
    page: label,
    ...Object.fromEntries(
      PHASES.map((phase) => {
        const timed = phases.flatMap((page) => page.get(phase) ?? []);
        return [`${phase} p50`, timed.length ? ms(median(timed)) : '–'];
      }),
    ),
    slowest: `${ms(Math.max(...times))}: ${PHASES.filter((phase) => slowest.has(phase))
      .map((phase) => `${phase} ${ms(slowest.get(phase))}`)
      .join(', ')}`,
  };
});
const searchByKeyMs = byKeyMs.slice(2 * uncachedPages.length * UNCACHED_ROUNDS);
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(
  `\n${CONNECTIONS} connections, ${SECONDS} s each, ${seeded.count} items on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'} ` +
    `(${seeded.seedSeconds.toFixed(0)} s to seed), Node ${process.version}, ` +
    (PINNED
      ? 'the server on core 0, the load generator on core 1; pages, searches and phone files one at a time with the store on both'
      : 'the server and the load generator sharing the cores'),
);
console.table(rows);
console.log(
  'Pages never asked before, one at a time (budget p95 20 ms; deep pages as fast as the first), ' +
    "beside a baseline of each: its items' rows read again by key and an answer of them prepared; " +
    'then (next) twenty more of each kind, asked once every kind had been, most at smaller pages ' +
    '(21–40 items where the first were 41–60), beside their own baseline:',
);
console.table(uncachedRows);
console.log(
  "Where the first twenty's time went as the server timed it (Server-Timing, ms at the median of " +
    "the pages that timed each phase; the slowest page's to the visitor, and its phases): the colour index's page, " +
    'the keys read in order, the count, the rows read by key, the whole of the making, brotli:',
);
console.table(phaseRows);
console.log(
  `Of the ${visits.timed} requests timed one at a time, a collection in the process timing them overlapped ${visits.paused} (the longest ${visits.longestPause.toFixed(1)} ms).`,
);
console.log(`The sitemap's index: ${sitemapMs[0]!.toFixed(1)} ms`);
console.log(
  `Every tag in use with its count: ${seeded.tagCounts.counted.toFixed(1)} ms counted, ` +
    `${seeded.tagCounts.afterPublish.toFixed(1)} ms the first ask after a publish (median of 5); the first visit to each other tag ` +
    `(${tagsInUse.length}, and of each photo type): ${latencies(tagVisitMs)}`,
);
console.log(
  `Server RSS: ${warm.current.toFixed(0)} MB warm (catalogue loaded), ${rss.current.toFixed(0)} MB after the load, ` +
    `${rss.peak.toFixed(0)} MB at its peak since start, ${quiet.current.toFixed(0)} MB after ${QUIET_SECONDS} s without traffic`,
);
console.log(
  `Under ${HEAVY_CONNECTIONS} connections of compressed traffic (br, gzip; the landscape tag and the home list): ` +
    `${beforeHeavy.current.toFixed(0)} MB before, peak ${underHeavy.peak.toFixed(0)} MB, ${underHeavy.current.toFixed(0)} MB after (budget ${DATABASE_URL ? 250 : 400} MB)`,
);
console.log(
  `Server RSS settled after start: ${settled.current.toFixed(0)} MB (peak so far ${settled.peak.toFixed(0)} MB; budget ${DATABASE_URL ? 150 : 300} MB)`,
);
console.log(
  `Distinct searches one at a time (${SEARCHES}, a quarter misspelled), the first after start: ${latencies(searchMs)}; ` +
    `after ${uncached.requests.total} more: ${latencies(warmSearchMs)} (budget p95 20 ms); ` +
    `the first's items read again by key: ${latencies(searchByKeyMs)} ` +
    `(${ratioOf(searchMs, searchByKeyMs, 50)} at p50, ${ratioOf(searchMs, searchByKeyMs, 95)} at p95)`,
);
console.log(`Publishing one item: ${seeded.publishMs.toFixed(1)} ms (median of 20; budget 50 ms)`);
if (colourIndexRss)
  console.log(
    `The colour index: every palette read in ${colourIndexLoad.toFixed(1)} s; RSS ${colourIndexRss.current.toFixed(0)} MB ` +
      `after the load (peak ${colourIndexRss.peak.toFixed(0)} MB), ${colourIndexQuiet!.current.toFixed(0)} MB after ${QUIET_SECONDS} s without traffic.`,
  );
console.log(
  `Server start to first answer (median of 3): ${starts.hooks.toFixed(0)} ms with its module hooks, ` +
    `${starts.bare.toFixed(0)} ms without (${(starts.hooks / starts.bare).toFixed(2)}×).`,
);
const { first: atOnceMs, again: againAtOnceMs } = starts.atOnce;
console.log(
  `${FIRST_VISITS.length} lists' first pages asked at once after each had been asked once since a start (3 starts): ` +
    `p50 ${percentile(atOnceMs, 50).toFixed(1)} / slowest ${Math.max(...atOnceMs).toFixed(1)} ms; ` +
    `at once again: p50 ${percentile(againAtOnceMs, 50).toFixed(1)} / slowest ${Math.max(...againAtOnceMs).toFixed(1)} ms ` +
    `(${ratioOf(atOnceMs, againAtOnceMs, 50)} at p50).`,
);
console.log(
  `Phone files of one item across ${EDITS} edits (${EDIT_SCREENS.length} phones before each): ` +
    `${seeded.storage.kept.join(', ')} bytes kept after each edit, against ${seeded.storage.made} bytes made in all.`,
);
console.log(
  `Phone files (${deviceFit.screens} screens, medians): first render ${deviceFit.first.toFixed(0)} ms through the store, ` +
    `${deviceFit.direct.toFixed(0)} ms for the same sharp crop run directly ` +
    `(${(deviceFit.first / deviceFit.direct).toFixed(2)}×); a cached answer ${deviceFit.cached.toFixed(1)} ms.`,
);
console.log('Budget: cached catalogue endpoints at least 80 % of the bare server, p99 under 10 ms.');
console.log(
  "CPU ratio: the bare server's CPU per request over the store's, the server's own share where the load generator's core is the one that is full.",
);
console.log(
  `\nProcessing (1080x1920 sources): ${processing.pipeline.toFixed(2)} images/s through the pipeline, ` +
    `${processing.direct.toFixed(2)} images/s for the same Media work run directly: ` +
    `${Math.round((processing.direct / processing.pipeline - 1) * 100)} % overhead (budget 10 %).`,
);
