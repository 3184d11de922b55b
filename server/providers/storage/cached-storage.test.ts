import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CachedStorage } from './cached-storage.ts';
import { LocalStorage } from './local-storage.ts';

let root: string;
let disk: LocalStorage;
let cached: CachedStorage;
const key = 'images/items/a/0123456789abcdef-thumb.webp';

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cache-'));
  disk = new LocalStorage(root);
  cached = new CachedStorage(disk, { maxBytes: 10, maxObjectBytes: 6 });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('CachedStorage', () => {
  it('answers a content-addressed object from memory once read, ranges included', async () => {
    await cached.put(key, Buffer.from('abcdef'), { contentType: 'image/webp' });
    expect((await buffer(await cached.get(key))).toString()).toBe('abcdef');
    // Remove the file behind the cache's back: the answer still comes from memory.
    fs.rmSync(path.join(root, 'files', ...key.split('/')));
    expect((await buffer(await cached.get(key, { start: 1, end: 3 }))).toString()).toBe('bcd');
    expect((await cached.stat(key))?.size).toBe(6);
  });

  it('forgets an object deleted through it', async () => {
    await cached.put(key, Buffer.from('abc'), { contentType: 'image/webp' });
    await cached.get(key);
    await cached.delete(key);
    expect(await cached.stat(key)).toBeUndefined();
  });

  it('leaves mutable and large objects to the storage behind it', async () => {
    await cached.put('images/plain.txt', Buffer.from('v1'), { contentType: 'text/plain' });
    await cached.get('images/plain.txt');
    await disk.put('images/plain.txt', Buffer.from('v2'), { contentType: 'text/plain' });
    expect((await buffer(await cached.get('images/plain.txt'))).toString()).toBe('v2');

    const big = 'images/items/a/fedcba9876543210-big.webp';
    await cached.put(big, Buffer.from('1234567'), { contentType: 'image/webp' });
    expect((await buffer(await cached.get(big))).toString()).toBe('1234567');
    fs.rmSync(path.join(root, 'files', ...big.split('/')));
    await expect(cached.get(big)).rejects.toThrow(/No object/);
  });

  it('drops the least recently used objects past its byte budget', async () => {
    const keys = ['1111111111111111', '2222222222222222', '3333333333333333'].map((h) => `images/items/a/${h}-x.webp`);
    for (const k of keys) await cached.put(k, Buffer.from('abcd'), { contentType: 'image/webp' });
    for (const k of keys) await cached.get(k);
    // 12 bytes read with a budget of 10: the first one is gone from memory.
    for (const k of keys) fs.rmSync(path.join(root, 'files', ...k.split('/')));
    await expect(cached.get(keys[0]!)).rejects.toThrow(/No object/);
    expect((await buffer(await cached.get(keys[2]!))).toString()).toBe('abcd');
  });
});
