import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, startStore } from './store.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-process-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('holds DATA_DIR, refuses a second server on it, and releases it on SIGTERM', async () => {
    const store = await startStore({ dataDir, env: { SEED_DEMO: 'false' } });
    const lockFile = path.join(dataDir, 'server.lock');
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(store.process.pid));

    const second = spawnSync(process.execPath, ['server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', SEED_DEMO: 'false' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`is in use by another PaletteWall process (pid ${store.process.pid})`);

    expect(await store.stop()).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('stops at once with a message naming an invalid variable', () => {
    const result = spawnSync(process.execPath, ['server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: 'eighty' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Invalid configuration:\n\s+PORT:/);
  });
});
