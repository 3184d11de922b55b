import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { STORAGE_LIST_MAX_PAGE_SIZE } from '#contract/constants.ts';
import { SAFE_NAME } from '#contract/text.ts';

/** Object metadata, with the field names of the original store's storage objects. */
export interface StoredObject {
  bucket: string;
  generation: string;
  metageneration: string;
  fullPath: string;
  name: string;
  size: number;
  timeCreated: string;
  updated: string;
  md5Hash: string;
  cacheControl?: string | undefined;
  contentDisposition?: string | undefined;
  contentEncoding?: string | undefined;
  contentLanguage?: string | undefined;
  contentType: string;
  customMetadata?: Record<string, string> | undefined;
}

export interface PutOptions {
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  customMetadata?: Record<string, string>;
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface ListPage {
  items: StoredObject[];
  nextPageToken?: string | undefined;
}

export interface FolderPage {
  folders: string[];
  nextPageToken?: string | undefined;
}

export class ObjectNotFoundError extends Error {
  readonly code = 'storage/object-not-found';
  constructor(key: string) {
    super(`No object at ${key}`);
  }
}

/**
 * Where files live. Keys are made by the server (never taken from a request) and look like
 * `images/items/{itemId}/{name}`; keys under `images/` are public, everything else is private.
 */
export interface Storage {
  /** Writes the whole body, then makes it visible under `key` (a reader never sees half a file). */
  put(key: string, body: Buffer | Readable, options: PutOptions): Promise<StoredObject>;
  /** Streams the object, or the inclusive byte range of it. Throws ObjectNotFoundError. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Metadata, or undefined when there is no such object. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** The whole object's bytes when they are held in memory (a read cache), without reading anything. */
  held?(key: string): Buffer | undefined;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Objects whose key starts with `prefix`, in key order, `pageSize` (1..1000) at a time. */
  list(options: { prefix: string; pageSize: number; pageToken?: string | undefined }): Promise<ListPage>;
  /** The names of the folders directly under `prefix` (ending in '/'), in order, `pageSize` at a time. */
  listFolders(options: { prefix: string; pageSize: number; pageToken?: string | undefined }): Promise<FolderPage>;
  /** Deletes writes that never finished (a process killed mid-upload) begun before `olderThan`; returns how many. */
  removeAbandonedWrites(olderThan: Date): Promise<number>;
  /** Throws when the storage cannot be written or read. */
  check(): Promise<void>;
  /**
   * A URL the client downloads the object from directly, valid for `seconds`, as an attachment
   * named `fileName`; undefined when the storage has none (local disk: the server streams it).
   */
  presign(key: string, options: { seconds: number; fileName: string }): Promise<string | undefined>;
}

/** Every segment of a key is a safe name (the rule itemIds follow too). */
export function assertSafeKey(key: string): void {
  if (!key.split('/').every((part) => SAFE_NAME.test(part))) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/** The original store's listing limit: a page holds 1 to 1000 objects. */
export function assertPageSize(pageSize: number): void {
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > STORAGE_LIST_MAX_PAGE_SIZE) {
    throw new RangeError(`pageSize must be an integer from 1 to ${STORAGE_LIST_MAX_PAGE_SIZE}`);
  }
}

export const PUBLIC_PREFIX = 'images/';

export function isPublicKey(key: string): boolean {
  return key.startsWith(PUBLIC_PREFIX);
}

/** Content-addressed files are named `{16 hex of sha256}-{label}` and never change. */
export function isContentAddressed(key: string): boolean {
  return /(^|\/)[0-9a-f]{16}-[^/]+$/.test(key);
}

/** Deletes the files of `dir` last written before `olderThan` (bodies of writes a killed process left); returns how many. */
export async function removeFilesOlderThan(dir: string, olderThan: Date): Promise<number> {
  let removed = 0;
  for (const name of await fsp.readdir(dir).catch(() => [])) {
    const file = path.join(dir, name);
    const stats = await fsp.stat(file).catch(() => undefined);
    if (stats?.isFile() && stats.mtime < olderThan) {
      await fsp.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
