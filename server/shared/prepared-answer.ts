import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Answers smaller than this go out as they are (as @fastify/compress's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The bytes of a JSON answer, compressed once (brotli and gzip beside the plain bytes) when it
 * is built rather than on every request, with an ETag of its content.
 */
export interface PreparedAnswer extends ListPosition {
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
}

/** Where a page of a list stands: the cursor of the next page, if any, and how many there are in all. */
export interface ListPosition {
  next?: string | undefined;
  total?: number | undefined;
  /** The words a search was answered for when its own found nothing ('did you mean'). */
  suggestion?: string | undefined;
}

export async function prepareAnswer(body: Buffer, position: ListPosition = {}): Promise<PreparedAnswer> {
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  const { next, total, suggestion } = position;
  if (body.length < COMPRESS_FROM_BYTES) return { plain: body, etag, next, total, suggestion };
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip(body, { level: 6 }),
  ]);
  return { plain: body, br, gzip: gz, etag, next, total, suggestion };
}

/** Bytes the answer holds in memory, for the cache's budget. */
export const answerBytes = (answer: PreparedAnswer) =>
  answer.plain.length + (answer.br?.length ?? 0) + (answer.gzip?.length ?? 0);
