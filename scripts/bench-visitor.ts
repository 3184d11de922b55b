/**
 * The visitor of `npm run bench`: asks for one path at a time and times each answer as a visitor
 * waits for it, in a process that does nothing else. Timed in the bench's own process, which holds
 * what it recorded and autocannon's results, the pages had counted that process's own collections
 * (scavenges of 26–44 ms). Each answer is timed to its last byte as the server sent it
 * (compressed, as a browser is sent it) and decoded after, to read the items it listed: timed
 * through fetch, its decoding and its streams cost this process about 1–2 ms a page more at the
 * median and up to 5 ms more at p95 (decision 095). Started with `--expose-gc`, it collects its
 * garbage after each answer, outside the timed windows: left to collect as it allocated, it
 * overlapped 21–36 of some 1,600 timed pages, up to 25 ms each, and a kind's slowest of twenty
 * could be its own. Started with the store's address in argv[2],
 * it asks once before it says 'ready', so that its first timed request does not open the
 * connection. Receives { paths, headers } and answers { times, ids, timings, paused, longestPause }
 * (the milliseconds of each, the items each listed, the `Server-Timing` each sent, how many a
 * collection of this process overlapped, and the longest such collection) or { failed }.
 */
import http from 'node:http';
import { PerformanceObserver } from 'node:perf_hooks';
import zlib from 'node:zlib';

const collections: { start: number; end: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    collections.push({ start: entry.startTime, end: entry.startTime + entry.duration });
}).observe({ entryTypes: ['gc'] });

const baseUrl = process.argv[2]!;
/** One connection, kept open between requests, as a browser's to the store. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** An answer's status and its bytes as they came, with the moment its last byte did. */
function ask(url: string, headers?: Record<string, string>) {
  return new Promise<{
    status: number;
    chunks: Buffer[];
    encoding: string | undefined;
    timing: string;
    ended: number;
  }>((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            chunks,
            encoding: response.headers['content-encoding'],
            timing: String(response.headers['server-timing'] ?? ''),
            ended: performance.now(),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** An answer's bytes decoded from the encoding the server chose. */
function decoded(chunks: Buffer[], encoding: string | undefined): Buffer {
  const body = Buffer.concat(chunks);
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

await ask(`${baseUrl}/api/health`);
process.send!('ready');

process.on('message', async ({ paths, headers }: { paths: string[]; headers: Record<string, string> }) => {
  const windows: { started: number; ended: number }[] = [];
  const ids: string[][] = [];
  const timings: string[] = [];
  try {
    for (const path of paths) {
      const started = performance.now();
      const { status, chunks, encoding, timing, ended } = await ask(baseUrl + path, headers);
      if (status < 200 || status >= 300) throw new Error(`${path} answered ${status}`);
      windows.push({ started, ended });
      timings.push(timing);
      // Read between requests and not kept: a batch's bodies held to its end would be tens of megabytes.
      const listed = decoded(chunks, encoding)
        .toString('utf8')
        .matchAll(/"itemId":"([^"]+)"/g);
      ids.push([...new Set(Array.from(listed, (match) => match[1]!))]);
      // Its garbage collected between requests, not during the next one's window.
      globalThis.gc?.();
    }
    // The observer hears of a collection after it ends.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const overlapping = windows.map(({ started, ended }) =>
      collections.filter(({ start, end }) => end >= started && start <= ended),
    );
    collections.length = 0;
    const times = windows.map(({ started, ended }) => ended - started);
    const paused = overlapping.filter((found) => found.length > 0).length;
    const longestPause = Math.max(0, ...overlapping.flat().map(({ start, end }) => end - start));
    process.send!({ times, ids, timings, paused, longestPause });
  } catch (error) {
    process.send!({ failed: String(error) });
  }
});
