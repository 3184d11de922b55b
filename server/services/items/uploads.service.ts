import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { UploadKind, UploadResult } from '#contract/admin.ts';
import { isPlainText, slugify } from '#contract/text.ts';
import { DomainError } from '../../shared/errors.ts';
import type { Media } from '../../providers/media/media.ts';
import { isPublicKey, type Storage } from '../../providers/storage/storage.ts';
import { itemPrivateFolder, itemPublicFolder } from './stored-files.ts';

const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/heic': 'heic',
};
const VIDEO_TYPES: Record<string, string> = { 'video/mp4': 'mp4', 'video/quicktime': 'mov', 'video/webm': 'webm' };
/** Source images one request may add to the waiting list. */
export const SOURCES_PER_REQUEST = 50;
/** The most one request of source images may hold, whatever each may weigh: a gigabyte. */
const SOURCES_REQUEST_MAX_BYTES = 1024 ** 3;
/** file-type reads at most this many bytes to recognise a format. */
const SNIFF_BYTES = 4100;

export interface UploadLimits {
  maxImageBytes: number;
  maxVideoBytes: number;
  maxImagePixels: number;
}

/** Reads the first bytes of a stream and gives back a stream that still starts with them. */
async function peek(stream: AsyncIterable<Buffer>, bytes: number): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const { value, done } = await iterator.next();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head, whole: Readable.from(rest()) };
}

/** `Sunset Ridge (final).JPG` → `sunset-ridge-final`: the name without its extension, slugged. */
export const sanitiseFileName = (name: string) => slugify(name.replace(/\.[^.]*$/, ''), 'file');

/**
 * Stores an admin's upload under a key the server makes: thumbnails in the item's public folder,
 * download files in its private one. The real type comes from the file's first bytes; sizes
 * and pixel counts are limited; a refused file leaves nothing behind.
 */
export class UploadsService {
  private readonly storage: Storage;
  private readonly media: Media;
  private readonly limits: UploadLimits;

  constructor(deps: { storage: Storage; media: Media; limits: UploadLimits }) {
    this.storage = deps.storage;
    this.media = deps.media;
    this.limits = deps.limits;
  }

  maxBytes(kind: UploadKind): number {
    return kind === 'video' ? this.limits.maxVideoBytes : this.limits.maxImageBytes;
  }

  /** The most one request of source images may hold. */
  maxSourcesBytes(): number {
    return Math.min(SOURCES_PER_REQUEST * this.limits.maxImageBytes, SOURCES_REQUEST_MAX_BYTES);
  }

  async upload(input: {
    itemId: string;
    kind: UploadKind;
    fileName: string;
    stream: AsyncIterable<Buffer>;
    truncated: () => boolean;
  }): Promise<UploadResult> {
    const folder = input.kind === 'thumbnail' ? itemPublicFolder(input.itemId) : itemPrivateFolder(input.itemId);
    return this.store({ ...input, folder });
  }

  /** A source image for the processing pipeline, kept privately under sources/. */
  storeSource(input: {
    fileName: string;
    stream: AsyncIterable<Buffer>;
    truncated: () => boolean;
  }): Promise<UploadResult> {
    return this.store({ ...input, kind: 'image', folder: 'sources' });
  }

  private async store(input: {
    folder: string;
    kind: UploadKind;
    fileName: string;
    stream: AsyncIterable<Buffer>;
    truncated: () => boolean;
  }): Promise<UploadResult> {
    if (!isPlainText(input.fileName) || input.fileName.length > 255)
      throw new DomainError('invalid', 'The file name must be at most 255 characters, without control characters.');
    const { head, whole } = await peek(input.stream, SNIFF_BYTES);
    const { fileTypeFromBuffer } = await import('file-type');
    const detected = await fileTypeFromBuffer(head);
    const allowed = input.kind === 'video' ? VIDEO_TYPES : IMAGE_TYPES;
    const extension = detected && allowed[detected.mime];
    if (!detected || !extension) {
      whole.destroy();
      throw new DomainError(
        'invalid',
        input.kind === 'video'
          ? 'The file is not an MP4, MOV or WebM video.'
          : 'The file is not a JPEG, PNG, WebP, AVIF or HEIC image.',
      );
    }
    const name = `${sanitiseFileName(input.fileName)}.${extension}`;
    const key = `${input.folder}/${randomBytes(6).toString('hex')}-${name}`;
    try {
      const stored = await this.storage.put(key, whole, { contentType: detected.mime });
      if (input.truncated())
        throw new DomainError(
          'invalid',
          `The file is larger than ${Math.round(this.maxBytes(input.kind) / 1024 / 1024)} MB.`,
        );
      let size: { width: number; height: number } | undefined;
      if (input.kind !== 'video') {
        const unreadable = () => {
          throw new DomainError('invalid', `The image could not be read (${detected.mime}).`);
        };
        size = await this.media.measure(await this.storage.get(key)).catch(unreadable);
        if (size.width * size.height > this.limits.maxImagePixels) {
          throw new DomainError(
            'invalid',
            `The image has more than ${Math.round(this.limits.maxImagePixels / 1_000_000)} megapixels.`,
          );
        }
        // Only within the pixel limit: a header alone can claim any size, its pixels must be there.
        await this.media.checkPixels(await this.storage.get(key)).catch(unreadable);
      }
      return {
        key,
        ...(isPublicKey(key) && { url: `/${key}` }),
        name,
        size: stored.size,
        contentType: detected.mime,
        ...size,
      };
    } catch (error) {
      await this.storage.delete(key);
      if (error instanceof DomainError) throw error;
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new DomainError(
          'invalid',
          `The file is larger than ${Math.round(this.maxBytes(input.kind) / 1024 / 1024)} MB.`,
        );
      }
      throw error;
    }
  }
}
