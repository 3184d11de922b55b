import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { once } from 'node:events';

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The V8 flags `npm start`, `npm run serve` and `npm run worker` give the store's processes:
 * the baseline WebAssembly compiler only, a young generation of 2 MB semi-spaces, and an old
 * generation that may grow to twice what is live before a full collection (docs/ARCHITECTURE.md,
 * memory; decisions 027 and 087).
 */
export const MEMORY_FLAGS = ['--liftoff-only', '--max-semi-space-size=2', '--heap-growing-percent=100'];

/** The module hooks those scripts load first: drizzle-orm without Node's per-file reading of its exports map (decision 052). */
export const MODULE_HOOKS_FLAGS = ['--import', pathToFileURL(path.join(ROOT, 'server', 'app', 'module-hooks.ts')).href];

/** Every flag those scripts give node. */
export const SERVER_NODE_FLAGS = [...MEMORY_FLAGS, ...MODULE_HOOKS_FLAGS];

/**
 * The environment those scripts and `npm run colour-index` add. `NODE_ENV=production`: the pages
 * rendered on the server use React's production build (decision 058), not its development one
 * with its checks.
 * `NODE_COMPILE_CACHE`: a start after the first reads the store's modules as already stripped of
 * their types and compiled, and never loads the TypeScript stripper (decision 058). glibc's
 * thresholds fixed (decisions 027 and 054), so a freed allocation of 2 MB or more goes back to
 * the system at once and the heap keeps at most 4 MB free at its top, while the compressors' and
 * queries' buffers below 2 MB are reused from the heap instead of mapped and faulted in afresh
 * for every answer. Two malloc arenas, not eight a core: libvips' threads had each kept an arena
 * of what making phone files left (decision 104).
 */
export const SERVER_ENV = {
  NODE_ENV: 'production',
  NODE_COMPILE_CACHE: path.join(ROOT, 'node_modules', '.cache', 'node-compile-cache'),
  MALLOC_MMAP_THRESHOLD_: '2097152',
  MALLOC_TRIM_THRESHOLD_: '4194304',
  MALLOC_ARENA_MAX: '2',
};

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** Beside the demo DATA_DIR the end-to-end files copy: the exit code of its drawing, once it ended. */
export const seededMarker = (templateDataDir: string) => path.join(path.dirname(templateDataDir), 'seeded');

export interface RunningStore {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<number | null>;
}

/**
 * Starts the real server (`node server/main.ts` with SERVER_NODE_FLAGS, as `npm start`, serving the built web app) on a free port.
 * With `templateDir` the store starts from a copy of that already seeded DATA_DIR.
 */
export async function startStore(
  options: {
    templateDir?: string;
    dataDir?: string;
    env?: Record<string, string>;
    port?: number;
    /** Instead of SERVER_NODE_FLAGS. */
    nodeFlags?: string[];
  } = {},
): Promise<RunningStore> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pw-e2e-'));
  if (options.templateDir) fs.cpSync(options.templateDir, dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeFlags ?? SERVER_NODE_FLAGS), 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer within 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * The flags `npm run colour-index` gives node (decision 099): a young generation of 2 MB and an
 * old one grown by a fifth at a time hold the load's garbage down (V8's defaults had left the
 * process at 760 MB) without `--optimize-for-size`, under which a page's merge allocated as it
 * ran and a full collection came every few dozen pages; the load collects what it left at once.
 */
export const COLOUR_INDEX_NODE_FLAGS = [
  '--max-semi-space-size=2',
  '--heap-growing-percent=20',
  '--no-memory-reducer',
  '--expose-gc',
  ...MODULE_HOOKS_FLAGS,
];

/** The colour index (`npm run colour-index`) of the PostgreSQL server at `databaseUrl`, on a free port, once it has read every palette. */
export async function startColourIndex(
  databaseUrl: string,
): Promise<{ url: string; process: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...COLOUR_INDEX_NODE_FLAGS, 'server/colour-index-main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...SERVER_ENV,
      DATABASE_URL: databaseUrl,
      COLOUR_INDEX_PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  const url = `http://127.0.0.1:${port}`;
  // A million items take about 40 s to read.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The colour index exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('The colour index did not read every palette within 600 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
