import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoTemplate } from './fixtures.ts';
import { linksInOutbox } from './outbox.ts';
import { ROOT, SERVER_NODE_FLAGS, startStore } from './store.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-process-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs the server to its exit (it is expected to refuse to start). */
const runUntilExit = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('the server process', () => {
  it('holds DATA_DIR, refuses a second server on it, and releases it on SIGTERM', async () => {
    const store = await startStore({ dataDir, env: { SEED_DEMO: 'false' } });
    const lockFile = path.join(dataDir, 'server.lock');
    expect(fs.readFileSync(lockFile, 'utf8')).toMatch(new RegExp(`^${store.process.pid} \\d+$`));
    // A process that has resized no image has not loaded libvips (its 6 MB and more stay out of it).
    expect(fs.readFileSync(`/proc/${store.process.pid}/maps`, 'utf8')).not.toContain('libvips');

    const second = runUntilExit({ PORT: '0', SEED_DEMO: 'false' });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`is in use by another PaletteWall process (pid ${store.process.pid})`);

    expect(await store.stop()).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('loads what only some requests use at the first of them', async () => {
    const packagesFile = path.join(dataDir, 'packages.json');
    const store = await startStore({
      dataDir,
      env: { SEED_DEMO: 'false', PACKAGES_FILE: packagesFile },
      nodeFlags: [...SERVER_NODE_FLAGS, '--import', path.join(import.meta.dirname, 'loaded-packages.ts')],
    });
    /** The packages the process has loaded so far. */
    const loaded = async () => {
      fs.rmSync(packagesFile, { force: true });
      store.process.kill('SIGUSR2');
      await expect.poll(() => fs.existsSync(packagesFile)).toBe(true);
      return JSON.parse(fs.readFileSync(packagesFile, 'utf8')) as string[];
    };
    try {
      for (const address of ['/', '/api/items?limit=12', '/painting'])
        expect((await fetch(store.baseUrl + address)).ok).toBe(true);
      // Email, password hashing, QR codes, upload sniffing, metrics and Redis wait for their first use
      // (decision 074); the pretty log for a terminal, for one (this process logs JSON).
      const later = [
        'nodemailer',
        '@node-rs/argon2',
        'qrcode',
        'file-type',
        'prom-client',
        'ioredis',
        'pino-pretty',
        'sharp',
      ];
      const atStart = await loaded();
      expect(atStart).toEqual(expect.arrayContaining(['fastify', 'drizzle-orm', 'react-dom']));
      expect(atStart.filter((name) => later.includes(name))).toEqual([]);

      const registered = await fetch(`${store.baseUrl}/api/users/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: store.baseUrl },
        body: JSON.stringify({
          firstName: 'Lazy',
          lastName: '',
          email: 'lazy@example.com',
          password: 'violet-harbor-42',
        }),
      });
      expect(registered.status).toBe(201);
      expect((await linksInOutbox(dataDir, 'lazy@example.com')).length).toBeGreaterThan(0);
      expect(await loaded()).toEqual(expect.arrayContaining(['nodemailer', '@node-rs/argon2']));
    } finally {
      await store.stop();
    }
  });

  it('takes an admin command while it runs, the password piped in rather than on the command line', async () => {
    const store = await startStore({ dataDir, env: { SEED_DEMO: 'false' } });
    try {
      const admin = spawnSync(
        process.execPath,
        ['scripts/admin.ts', 'create', '--email', 'owner@example.com', '--first-name', 'Olive'],
        { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, input: 'violet-harbor-42\n', encoding: 'utf8' },
      );
      expect(admin.stderr).toBe('');
      expect(admin.stdout.trim()).toBe('Administrator owner@example.com created (verified).');
      const login = await fetch(`${store.baseUrl}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: store.baseUrl },
        body: JSON.stringify({ email: 'owner@example.com', password: 'violet-harbor-42' }),
      });
      expect(await login.json()).toMatchObject({ loginSucceed: true, isAdmin: true });
      // What it refuses, it says, and nothing changes.
      const weak = spawnSync(
        process.execPath,
        ['scripts/admin.ts', 'create', '--email', 'other@example.com', '--first-name', 'Oz'],
        { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, input: 'password1\n', encoding: 'utf8' },
      );
      expect(weak.status).toBe(1);
      expect(weak.stderr).toMatch(/most common passwords/);
      const unknown = spawnSync(process.execPath, ['scripts/admin.ts', 'promote', '--email', 'nobody@example.com'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
      });
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toMatch(/^No account for nobody@example\.com\./);
    } finally {
      expect(await store.stop()).toBe(0);
    }
  });

  it('backs up the running store through npm run backup, and npm run restore brings it back into an empty DATA_DIR', async () => {
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-process-backups-'));
    const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-process-restored-'));
    const store = await startStore({ templateDir: await demoTemplate() });
    try {
      const before = await (await fetch(`${store.baseUrl}/api/items?limit=60`)).json();
      const backup = spawnSync(process.execPath, ['scripts/backup.ts', backups], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: store.dataDir },
        encoding: 'utf8',
      });
      expect(backup.stderr).toBe('');
      expect(backup.stdout).toMatch(/^Backed up \d+ rows and \d+ files/);
      expect(await store.stop()).toBe(0);
      const [made] = fs.readdirSync(backups);
      const restore = spawnSync(process.execPath, ['scripts/restore.ts', path.join(backups, made!)], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: restoredDir, SEED_DEMO: 'false' },
        encoding: 'utf8',
      });
      expect(restore.stderr).toBe('');
      expect(restore.stdout).toMatch(/^Restored \d+ rows and \d+ files/);
      // The same store at the same address: its answers, which link on PUBLIC_URL, are the same.
      const back = await startStore({
        dataDir: restoredDir,
        port: Number(new URL(store.baseUrl).port),
        env: { SEED_DEMO: 'false' },
      });
      expect(await (await fetch(`${back.baseUrl}/api/items?limit=60`)).json()).toEqual(before);
      const thumbnail = (before as { itemId: string; thumbnail: string }[])[0]!;
      expect((await fetch(`${back.baseUrl}/images/items/${thumbnail.itemId}/${thumbnail.thumbnail}`)).status).toBe(200);
      expect(await back.stop()).toBe(0);
    } finally {
      if (store.process.exitCode === null) await store.stop();
      fs.rmSync(backups, { recursive: true, force: true });
      fs.rmSync(restoredDir, { recursive: true, force: true });
    }
  });

  it('stops at once with a message naming an invalid variable', () => {
    const result = runUntilExit({ PORT: 'eighty' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Invalid configuration:\n\s+PORT:/);
  });

  it('refuses half a PayPal configuration, naming the missing key, instead of falling back to the test wallet', () => {
    const result = runUntilExit({ PAYPAL_CLIENT_ID: 'client-id' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/PAYPAL_CLIENT_SECRET: is required when PAYPAL_CLIENT_ID is set/);
  });

  it('warns at start when PayPal webhooks cannot be verified', async () => {
    const store = await startStore({
      dataDir,
      env: { SEED_DEMO: 'false', PAYPAL_CLIENT_ID: 'client-id', PAYPAL_CLIENT_SECRET: 'client-secret' },
    });
    expect(store.output()).toMatch(/PAYPAL_WEBHOOK_ID is not set/);
    expect(await (await fetch(`${store.baseUrl}/api/health`)).json()).toMatchObject({
      payments: 'paypal',
      webhooks: 'unverified',
    });
    expect(await store.stop()).toBe(0);
  });
});
