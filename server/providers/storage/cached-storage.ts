import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  isContentAddressed,
  type ByteRange,
  type FolderPage,
  type ListPage,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage.ts';

interface Entry {
  object: StoredObject;
  body: Buffer;
}

/**
 * Keeps small content-addressed objects (thumbnails, placeholders, previews) in memory. Their
 * bytes never change under one key, so only a delete or overwrite through this instance drops
 * them; the least recently used go first once `maxBytes` is reached.
 */
export class CachedStorage implements Storage {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly inner: Storage;
  private readonly maxBytes: number;
  private readonly maxObjectBytes: number;

  constructor(inner: Storage, options: { maxBytes: number; maxObjectBytes: number }) {
    this.inner = inner;
    this.maxBytes = options.maxBytes;
    this.maxObjectBytes = options.maxObjectBytes;
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<StoredObject> {
    this.evict(key);
    return this.inner.put(key, body, options);
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const entry = await this.entry(key);
    if (!entry) return this.inner.get(key, range);
    return Readable.from([range ? entry.body.subarray(range.start, range.end + 1) : entry.body]);
  }

  held(key: string): Buffer | undefined {
    return this.entries.get(key)?.body;
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    return (await this.entry(key))?.object ?? this.inner.stat(key);
  }

  async delete(key: string): Promise<void> {
    this.evict(key);
    await this.inner.delete(key);
  }

  list(options: { prefix: string; pageSize: number; pageToken?: string | undefined }): Promise<ListPage> {
    return this.inner.list(options);
  }

  listFolders(options: { prefix: string; pageSize: number; pageToken?: string | undefined }): Promise<FolderPage> {
    return this.inner.listFolders(options);
  }

  removeAbandonedWrites(olderThan: Date): Promise<number> {
    return this.inner.removeAbandonedWrites(olderThan);
  }

  check(): Promise<void> {
    return this.inner.check();
  }

  presign(key: string, options: { seconds: number; fileName: string }): Promise<string | undefined> {
    return this.inner.presign(key, options);
  }

  private async entry(key: string): Promise<Entry | undefined> {
    const hit = this.entries.get(key);
    if (hit) {
      // Map order is insertion order: re-inserting marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    if (!isContentAddressed(key)) return undefined;
    const object = await this.inner.stat(key);
    if (!object || object.size > this.maxObjectBytes) return undefined;
    const body = await buffer(await this.inner.get(key));
    this.entries.set(key, { object, body });
    this.bytes += body.length;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.evict(oldest);
    }
    return this.entries.get(key);
  }

  private evict(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}
