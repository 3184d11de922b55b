/**
 * The visitor of `npm run bench`: asks for one path at a time and times each answer as a visitor
 * waits for it, in a process that does nothing else. Timed in the bench's own process, which
 * holds what it recorded and autocannon's results, the pages had counted that process's own
 * collections (scavenges of 26–44 ms). Started with the store's address in argv[2], it asks once
 * before it says 'ready', so that its first timed request neither loads fetch nor opens the
 * connection (40–50 ms more). Receives { paths, headers } and answers { times, ids, paused,
 * longestPause } (the milliseconds of each, the items each listed, how many a collection of this
 * process overlapped, and the longest such collection) or { failed }.
 */
import { PerformanceObserver } from 'node:perf_hooks';

const collections: { start: number; end: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    collections.push({ start: entry.startTime, end: entry.startTime + entry.duration });
}).observe({ entryTypes: ['gc'] });

const baseUrl = process.argv[2]!;
await (await fetch(`${baseUrl}/api/health`)).arrayBuffer();
process.send!('ready');

process.on('message', async ({ paths, headers }: { paths: string[]; headers: Record<string, string> }) => {
  const windows: { started: number; ended: number }[] = [];
  const ids: string[][] = [];
  try {
    for (const path of paths) {
      const started = performance.now();
      const response = await fetch(baseUrl + path, { headers });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      const body = await response.arrayBuffer();
      windows.push({ started, ended: performance.now() });
      // Read between requests and not kept: a batch's bodies held to its end would be tens of megabytes.
      const listed = new TextDecoder().decode(body).matchAll(/"itemId":"([^"]+)"/g);
      ids.push([...new Set(Array.from(listed, (match) => match[1]!))]);
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
    process.send!({ times, ids, paused, longestPause });
  } catch (error) {
    process.send!({ failed: String(error) });
  }
});
