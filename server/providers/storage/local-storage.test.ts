import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalStorage } from './local-storage.ts';
import { ObjectNotFoundError } from './storage.ts';

let root: string;
let storage: LocalStorage;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-storage-'));
  storage = new LocalStorage(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('LocalStorage', () => {
  it('stores a stream and reports the spec metadata fields', async () => {
    const stored = await storage.put(
      'images/items/a/file.txt',
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
      {
        contentType: 'text/plain',
        cacheControl: 'no-cache',
        customMetadata: { origin: 'test' },
      },
    );
    expect(stored).toMatchObject({
      fullPath: 'images/items/a/file.txt',
      name: 'file.txt',
      size: 11,
      contentType: 'text/plain',
      cacheControl: 'no-cache',
      customMetadata: { origin: 'test' },
      // md5("hello world"), base64 as cloud storages report it
      md5Hash: 'XrY7u+Ae7tCTyyK7j1rNww==',
    });
    for (const field of ['bucket', 'generation', 'metageneration', 'timeCreated', 'updated']) {
      expect(stored).toHaveProperty(field);
    }
    expect((await buffer(await storage.get('images/items/a/file.txt'))).toString()).toBe('hello world');
  });

  it('reads an inclusive byte range', async () => {
    await storage.put('downloads/x.bin', Buffer.from('0123456789'), { contentType: 'application/octet-stream' });
    expect((await buffer(await storage.get('downloads/x.bin', { start: 2, end: 5 }))).toString()).toBe('2345');
  });

  it('reports missing objects as such', async () => {
    expect(await storage.stat('images/none.jpg')).toBeUndefined();
    await expect(storage.get('images/none.jpg')).rejects.toBeInstanceOf(ObjectNotFoundError);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../escape', 'images/../../etc/passwd', '/abs', 'images//double', 'images/./x']) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/Unsafe/);
    }
  });

  it('lists by prefix in key order, a page at a time', async () => {
    for (const name of ['c', 'a', 'b', 'd', 'e']) {
      await storage.put(`images/items/i1/${name}.txt`, Buffer.from(name), { contentType: 'text/plain' });
    }
    await storage.put('downloads/items/i1/secret.txt', Buffer.from('s'), { contentType: 'text/plain' });
    const first = await storage.list({ prefix: 'images/', pageSize: 2 });
    expect(first.items.map((o) => o.name)).toEqual(['a.txt', 'b.txt']);
    const second = await storage.list({ prefix: 'images/', pageSize: 2, pageToken: first.nextPageToken });
    expect(second.items.map((o) => o.name)).toEqual(['c.txt', 'd.txt']);
    const last = await storage.list({ prefix: 'images/', pageSize: 2, pageToken: second.nextPageToken });
    expect(last.items.map((o) => o.name)).toEqual(['e.txt']);
    expect(last.nextPageToken).toBeUndefined();
  });

  it('refuses a page size outside 1..1000', async () => {
    for (const pageSize of [0, 1001, 2.5]) {
      await expect(storage.list({ prefix: 'images/', pageSize })).rejects.toThrow(
        /pageSize must be an integer from 1 to 1000/,
      );
    }
  });

  it('deletes an object and its metadata', async () => {
    await storage.put('images/gone.txt', Buffer.from('x'), { contentType: 'text/plain' });
    await storage.delete('images/gone.txt');
    expect(await storage.stat('images/gone.txt')).toBeUndefined();
    await storage.delete('images/gone.txt');
  });
});
