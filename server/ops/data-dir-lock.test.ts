import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processStartTime } from './data-dir-lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('lockDataDir', () => {
  it('refuses a directory held by a live process, naming it', () => {
    const dir = tempDir();
    // The parent of this test runner is alive for certain.
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${process.ppid}`));
  });

  it('takes over the lock of a process that no longer runs', () => {
    const dir = tempDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    fs.writeFileSync(path.join(dir, 'server.lock'), gone);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(
      `${process.pid} ${processStartTime(process.pid)}`,
    );
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over a lock whose PID now belongs to another, unrelated process, and honours the one that really holds it', () => {
    const dir = tempDir();
    const unrelated = spawn('sleep', ['30']);
    try {
      const pid = unrelated.pid!;
      const started = processStartTime(pid)!;
      expect(started).toMatch(/^\d+$/);
      // The lock of an earlier process with the same PID: another start time.
      fs.writeFileSync(path.join(dir, 'server.lock'), `${pid} ${Number(started) - 1000}`);
      const release = lockDataDir(dir);
      release();
      // The lock of this very process: refused.
      fs.writeFileSync(path.join(dir, 'server.lock'), `${pid} ${started}`);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${pid}`));
    } finally {
      unrelated.kill();
    }
  });

  it('creates the directory and the lock when neither exists', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
    release();
  });
});
