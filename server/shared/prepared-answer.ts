import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Answers smaller than this go out as they are (as @fastify/compress's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Brotli's window for a body: the smallest that holds it (2^10 up to the default 2^22), so no
 * match is lost. Brotli sizes its match finder from the window and the quality, and with the
 * fixed allocation threshold (decision 027) that memory is mapped and faulted in afresh for
 * every answer: at quality 6 and the default window 2 KB took 7 ms to compress and a page of
 * 60 items (130 KB) 11 ms; with a window that fits and quality 5, 1 ms and 6 ms, 0.5 % larger.
 */
const brotliWindowBits = (bytes: number) => Math.min(22, Math.max(10, Math.ceil(Math.log2(bytes + 1))));

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
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
      },
    }),
    gzip(body, { level: 6 }),
  ]);
  return { plain: body, br, gzip: gz, etag, next, total, suggestion };
}

/** Bytes the answer holds in memory, for the cache's budget. */
export const answerBytes = (answer: PreparedAnswer) =>
  answer.plain.length + (answer.br?.length ?? 0) + (answer.gzip?.length ?? 0);
