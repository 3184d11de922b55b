import type { Readable } from 'node:stream';
import { STORAGE_LIST_MAX_PAGE_SIZE } from '../../../contract/constants.ts';

/** Object metadata, with the field names of the spec's storage objects. */
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
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Objects whose key starts with `prefix`, in key order, `pageSize` (1..1000) at a time. */
  list(options: { prefix: string; pageSize: number; pageToken?: string | undefined }): Promise<ListPage>;
  /** Throws when the storage cannot be written or read. */
  check(): Promise<void>;
}

const SAFE_KEY = /^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/** The spec's listing limit: a page holds 1 to 1000 objects. */
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
