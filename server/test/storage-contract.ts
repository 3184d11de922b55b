import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ObjectNotFoundError, type Storage } from '../providers/storage/storage.ts';

export interface StorageUnderTest {
  storage: Storage;
  /** Whether the storage hands out URLs to its objects (S3) or the server streams them (disk). */
  presigns: boolean;
  close(): Promise<void>;
}

/** One behaviour for every adapter of the Storage port: each adapter's test file runs this suite. */
export function storageContract(name: string, open: () => Promise<StorageUnderTest>): void {
  describe(`${name} storage`, () => {
    let subject: StorageUnderTest;
    let storage: Storage;
    beforeEach(async () => {
      subject = await open();
      storage = subject.storage;
    });
    afterEach(() => subject.close());

    it("stores a stream and reports the original store's metadata fields", async () => {
      const stored = await storage.put(
        'images/items/a/file.txt',
        Readable.from([Buffer.from('hello '), Buffer.from('world')]),
        { contentType: 'text/plain', cacheControl: 'no-cache', customMetadata: { origin: 'test' } },
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
      expect(await storage.stat('images/items/a/file.txt')).toMatchObject({ size: 11, contentType: 'text/plain' });
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

    it('lists by prefix in key order, a page at a time, and names the folders under a prefix', async () => {
      for (const name of ['c', 'a', 'b', 'd', 'e']) {
        await storage.put(`images/items/i1/${name}.txt`, Buffer.from(name), { contentType: 'text/plain' });
      }
      await storage.put('images/items/i2/z.txt', Buffer.from('z'), { contentType: 'text/plain' });
      await storage.put('downloads/items/i1/secret.txt', Buffer.from('s'), { contentType: 'text/plain' });
      const first = await storage.list({ prefix: 'images/items/i1/', pageSize: 2 });
      expect(first.items.map((o) => o.name)).toEqual(['a.txt', 'b.txt']);
      const second = await storage.list({ prefix: 'images/items/i1/', pageSize: 2, pageToken: first.nextPageToken });
      expect(second.items.map((o) => o.name)).toEqual(['c.txt', 'd.txt']);
      const last = await storage.list({ prefix: 'images/items/i1/', pageSize: 2, pageToken: second.nextPageToken });
      expect(last.items.map((o) => o.name)).toEqual(['e.txt']);
      expect(last.nextPageToken).toBeUndefined();

      const folders = await storage.listFolders({ prefix: 'images/items/', pageSize: 1 });
      expect(folders.folders).toEqual(['i1']);
      const more = await storage.listFolders({
        prefix: 'images/items/',
        pageSize: 1,
        pageToken: folders.nextPageToken,
      });
      expect(more.folders).toEqual(['i2']);
    });

    it('refuses a page size outside 1..1000', async () => {
      for (const pageSize of [0, 1001, 2.5]) {
        await expect(storage.list({ prefix: 'images/', pageSize })).rejects.toThrow(
          /pageSize must be an integer from 1 to 1000/,
        );
      }
    });

    it('deletes an object, and deleting a missing one is no error', async () => {
      await storage.put('images/gone.txt', Buffer.from('x'), { contentType: 'text/plain' });
      await storage.delete('images/gone.txt');
      expect(await storage.stat('images/gone.txt')).toBeUndefined();
      await storage.delete('images/gone.txt');
    });

    it('presigns a download URL that answers the bytes as an attachment, when it serves files itself', async () => {
      await storage.put('downloads/items/p/master.jpg', Buffer.from('paid bytes'), { contentType: 'image/jpeg' });
      const url = await storage.presign('downloads/items/p/master.jpg', { seconds: 60, fileName: 'Dune 4K.jpg' });
      if (!subject.presigns) return expect(url).toBeUndefined();
      const response = await fetch(url!);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('paid bytes');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Dune 4K\.jpg"/);
      expect(new URL(url!).searchParams.get('X-Amz-Expires')).toBe('60');
    });
  });
}
