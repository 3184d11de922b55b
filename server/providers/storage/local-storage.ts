import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertPageSize,
  assertSafeKey,
  ObjectNotFoundError,
  removeFilesOlderThan,
  type ByteRange,
  type FolderPage,
  type ListPage,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage.ts';

type SidecarMetadata = Pick<
  StoredObject,
  'md5Hash' | 'contentType' | 'cacheControl' | 'contentDisposition' | 'customMetadata' | 'timeCreated'
>;

/**
 * Files on local disk: `{root}/files/{key}` with the metadata beside it in
 * `{root}/meta/{key}.json`. Writes go to a temporary file first and are renamed into place.
 */
export class LocalStorage implements Storage {
  private readonly filesDir: string;
  private readonly metaDir: string;
  private readonly tmpDir: string;

  constructor(root: string) {
    this.filesDir = path.join(root, 'files');
    this.metaDir = path.join(root, 'meta');
    this.tmpDir = path.join(root, 'tmp');
    for (const dir of [this.filesDir, this.metaDir, this.tmpDir]) fs.mkdirSync(dir, { recursive: true });
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<StoredObject> {
    assertSafeKey(key);
    const tmp = path.join(this.tmpDir, randomBytes(12).toString('hex'));
    const md5 = createHash('md5');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        done(null, chunk);
      },
    });
    try {
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      await pipeline(source, hashing, fs.createWriteStream(tmp));
      const target = this.filePath(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const previous = await this.readSidecar(key);
      const sidecar: SidecarMetadata = {
        md5Hash: md5.digest('base64'),
        contentType: options.contentType,
        cacheControl: options.cacheControl,
        contentDisposition: options.contentDisposition,
        customMetadata: options.customMetadata,
        timeCreated: previous?.timeCreated ?? new Date().toISOString(),
      };
      await fsp.mkdir(path.dirname(this.metaPath(key)), { recursive: true });
      await fsp.writeFile(this.metaPath(key), JSON.stringify(sidecar));
      await fsp.rename(tmp, target);
    } catch (error) {
      await fsp.rm(tmp, { force: true });
      throw error;
    }
    const stored = await this.stat(key);
    if (!stored) throw new ObjectNotFoundError(key);
    return stored;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertSafeKey(key);
    // Open first: a file that is gone is then ObjectNotFoundError, never a later stream error.
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.filePath(key), 'r');
    } catch {
      throw new ObjectNotFoundError(key);
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    assertSafeKey(key);
    const [stats, sidecar] = await Promise.all([
      fsp.stat(this.filePath(key)).catch(() => undefined),
      this.readSidecar(key),
    ]);
    if (!stats?.isFile() || !sidecar) return undefined;
    return {
      bucket: 'local',
      generation: String(Math.trunc(stats.mtimeMs * 1000)),
      metageneration: '1',
      fullPath: key,
      name: path.posix.basename(key),
      size: stats.size,
      timeCreated: sidecar.timeCreated,
      updated: stats.mtime.toISOString(),
      md5Hash: sidecar.md5Hash,
      cacheControl: sidecar.cacheControl,
      contentDisposition: sidecar.contentDisposition,
      contentType: sidecar.contentType,
      customMetadata: sidecar.customMetadata,
    };
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await Promise.all([fsp.rm(this.filePath(key), { force: true }), fsp.rm(this.metaPath(key), { force: true })]);
  }

  async list(options: { prefix: string; pageSize: number; pageToken?: string | undefined }): Promise<ListPage> {
    const { prefix, pageSize } = options;
    assertPageSize(pageSize);
    const after = options.pageToken ? Buffer.from(options.pageToken, 'base64url').toString('utf8') : '';
    // Walk only the deepest folder that the prefix names in full.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const keys = (await this.walk(folder)).filter((key) => key.startsWith(prefix) && key > after).sort();
    const page = keys.slice(0, pageSize);
    const items = (await Promise.all(page.map((key) => this.stat(key)))).filter((o) => o !== undefined);
    const last = page.at(-1);
    return {
      items,
      nextPageToken: keys.length > pageSize && last ? Buffer.from(last, 'utf8').toString('base64url') : undefined,
    };
  }

  async listFolders(options: {
    prefix: string;
    pageSize: number;
    pageToken?: string | undefined;
  }): Promise<FolderPage> {
    assertPageSize(options.pageSize);
    const after = options.pageToken ? Buffer.from(options.pageToken, 'base64url').toString('utf8') : '';
    const entries = await fsp
      .readdir(path.join(this.filesDir, ...options.prefix.split('/').filter(Boolean)), { withFileTypes: true })
      .catch(() => []);
    const folders = entries
      .filter((entry) => entry.isDirectory() && entry.name > after)
      .map((entry) => entry.name)
      .sort();
    const page = folders.slice(0, options.pageSize);
    const last = page.at(-1);
    return {
      folders: page,
      nextPageToken:
        folders.length > options.pageSize && last ? Buffer.from(last, 'utf8').toString('base64url') : undefined,
    };
  }

  /** Temporary files of writes that never reached their rename (the process was killed mid-write). */
  async removeAbandonedWrites(olderThan: Date): Promise<number> {
    return removeFilesOlderThan(this.tmpDir, olderThan);
  }

  /** Writes and removes a file of its own: probes that overlap (a load balancer's) never share one. */
  async check(): Promise<void> {
    const probe = path.join(this.tmpDir, `health-${process.pid}-${randomUUID()}`);
    await fsp.writeFile(probe, 'ok');
    await fsp.rm(probe);
  }

  /** Files on local disk are streamed by the server itself. */
  async presign(): Promise<undefined> {
    return undefined;
  }

  private async walk(folder: string): Promise<string[]> {
    const dir = path.join(this.filesDir, folder);
    const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(this.filesDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  }

  private filePath(key: string): string {
    return path.join(this.filesDir, ...key.split('/'));
  }

  private metaPath(key: string): string {
    return `${path.join(this.metaDir, ...key.split('/'))}.json`;
  }

  private async readSidecar(key: string): Promise<SidecarMetadata | undefined> {
    try {
      return JSON.parse(await fsp.readFile(this.metaPath(key), 'utf8')) as SidecarMetadata;
    } catch {
      return undefined;
    }
  }
}
