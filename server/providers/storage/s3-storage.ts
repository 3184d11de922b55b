import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type HeadObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import contentDisposition from 'content-disposition';
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

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** MinIO and most self-hosted servers want `endpoint/bucket/key` rather than `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Where a body is spooled before it is sent, so S3 learns its length and MD5 up front. */
  spoolDir: string;
}

/** HEAD requests in flight at once while a listing gathers each object's metadata. */
const HEAD_CONCURRENCY = 16;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey');

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, R2). Keys are the same as on local disk;
 * metadata lives on the object itself. A body is spooled to a temporary file first: the object
 * then appears whole, with its MD5 checked by the server, or not at all.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly spoolDir: string;

  constructor(options: S3Options) {
    this.bucket = options.bucket;
    this.spoolDir = options.spoolDir;
    fs.mkdirSync(this.spoolDir, { recursive: true });
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers do not take the SDK's
      // default aws-chunked bodies with trailing checksums. ContentMD5 still guards every PUT.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.endpoint && { endpoint: options.endpoint }),
      ...(options.accessKeyId &&
        options.secretAccessKey && {
          credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        }),
    });
  }

  async put(key: string, body: Buffer | Readable, options: PutOptions): Promise<StoredObject> {
    assertSafeKey(key);
    const spool = path.join(this.spoolDir, randomBytes(12).toString('hex'));
    const md5 = createHash('md5');
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            md5.update(chunk);
            done(null, chunk);
          },
        }),
        fs.createWriteStream(spool),
      );
      const { size } = await fsp.stat(spool);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: fs.createReadStream(spool),
          ContentLength: size,
          ContentMD5: md5.digest('base64'),
          ContentType: options.contentType,
          CacheControl: options.cacheControl,
          ContentDisposition: options.contentDisposition,
          Metadata: options.customMetadata,
        }),
      );
    } finally {
      await fsp.rm(spool, { force: true });
    }
    const stored = await this.stat(key);
    if (!stored) throw new ObjectNotFoundError(key);
    return stored;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    assertSafeKey(key);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range && { Range: `bytes=${range.start}-${range.end}` }),
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    assertSafeKey(key);
    try {
      return this.toStored(key, await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(options: { prefix: string; pageSize: number; pageToken?: string | undefined }): Promise<ListPage> {
    assertPageSize(options.pageSize);
    const page = await this.client.send(
      new ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: options.prefix,
        MaxKeys: options.pageSize,
        ContinuationToken: options.pageToken,
      }),
    );
    const keys = (page.Contents ?? []).map((object) => object.Key!).filter(Boolean);
    const items: (StoredObject | undefined)[] = [];
    for (let i = 0; i < keys.length; i += HEAD_CONCURRENCY) {
      items.push(...(await Promise.all(keys.slice(i, i + HEAD_CONCURRENCY).map((key) => this.stat(key)))));
    }
    return {
      items: items.filter((item) => item !== undefined),
      nextPageToken: page.IsTruncated ? page.NextContinuationToken : undefined,
    };
  }

  /**
   * Folders are S3's common prefixes. The page token names the last folder given (read again as
   * StartAfter past everything in it), so a page never holds more than `pageSize` folders even
   * where a server counts them apart from MaxKeys.
   */
  async listFolders(options: {
    prefix: string;
    pageSize: number;
    pageToken?: string | undefined;
  }): Promise<FolderPage> {
    assertPageSize(options.pageSize);
    const prefix = options.prefix.endsWith('/') || !options.prefix ? options.prefix : `${options.prefix}/`;
    const after = options.pageToken && Buffer.from(options.pageToken, 'base64url').toString('utf8');
    const page = await this.client.send(
      new ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: prefix,
        Delimiter: '/',
        MaxKeys: options.pageSize,
        // '~' sorts after every character a key may hold, so this skips the whole folder.
        ...(after && { StartAfter: `${prefix}${after}/~` }),
      }),
    );
    const all = (page.CommonPrefixes ?? []).map((common) => common.Prefix!.slice(prefix.length).replace(/\/$/, ''));
    const folders = all.slice(0, options.pageSize);
    const last = folders.at(-1);
    const more = all.length > folders.length || page.IsTruncated;
    return { folders, nextPageToken: more && last ? Buffer.from(last, 'utf8').toString('base64url') : undefined };
  }

  /** An S3 PUT is whole or absent; what a killed process can leave is its spooled body. */
  async removeAbandonedWrites(olderThan: Date): Promise<number> {
    return removeFilesOlderThan(this.spoolDir, olderThan);
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** A GET URL of the object valid for `seconds`, answered as an attachment named `fileName`. */
  presign(key: string, options: { seconds: number; fileName: string }): Promise<string> {
    assertSafeKey(key);
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition(options.fileName),
      }),
      { expiresIn: options.seconds },
    );
  }

  close(): void {
    this.client.destroy();
  }

  private toStored(key: string, head: HeadObjectCommandOutput): StoredObject {
    const etag = head.ETag?.replaceAll('"', '') ?? '';
    const updated = head.LastModified ?? new Date();
    return {
      bucket: this.bucket,
      generation: String(updated.getTime() * 1000),
      metageneration: '1',
      fullPath: key,
      name: path.posix.basename(key),
      size: head.ContentLength ?? 0,
      timeCreated: updated.toISOString(),
      updated: updated.toISOString(),
      // A single-part upload's ETag is its MD5 in hex; storages report it in base64.
      md5Hash: /^[0-9a-f]{32}$/.test(etag) ? Buffer.from(etag, 'hex').toString('base64') : etag,
      cacheControl: head.CacheControl,
      contentDisposition: head.ContentDisposition,
      contentType: head.ContentType ?? 'application/octet-stream',
      customMetadata: head.Metadata && Object.keys(head.Metadata).length ? head.Metadata : undefined,
    };
  }
}
