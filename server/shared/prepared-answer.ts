import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Timings } from './server-timing.ts';

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

/** The encodings an answer is sent compressed in. */
export type Encoding = 'br' | 'gzip';

/**
 * The bytes of an answer with an ETag of its content, built once and sent many times. Each
 * encoding is compressed once, when a client first takes it (`encodedAs`), rather than on every
 * request, and not before: browsers take brotli and the Android app gzip, so an answer asked for
 * once (a page never asked before) is compressed once (decision 092).
 */
export interface PreparedAnswer extends ListPosition {
  plain: Buffer;
  etag: string;
  /** Whether the body is large enough to be sent compressed. */
  compressible: boolean;
  /** Each encoding made so far. */
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Each encoding being made, which requests asking at once share. */
  encoding: Partial<Record<Encoding, Promise<Buffer>>>;
  /**
   * How long its making took in each phase, its compressions included, until the first reply
   * that sends it takes them (`Server-Timing`): answers sent again were not made for them.
   */
  timings?: Timings;
}

/** Where a page of a list stands: the cursor of the next page, if any, and how many there are in all. */
export interface ListPosition {
  next?: string | undefined;
  total?: number | undefined;
  /** The words a search was answered for when its own found nothing ('did you mean'). */
  suggestion?: string | undefined;
}

export function prepareAnswer(body: Buffer, position: ListPosition = {}): PreparedAnswer {
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  const { next, total, suggestion } = position;
  return {
    plain: body,
    etag,
    next,
    total,
    suggestion,
    compressible: body.length >= COMPRESS_FROM_BYTES,
    encoded: {},
    encoding: {},
  };
}

/** The answer's bytes in an encoding, compressed at the first request for it (a compressible answer's). */
export function encodedAs(answer: PreparedAnswer, encoding: Encoding): Promise<Buffer> {
  const made = answer.encoded[encoding];
  if (made) return Promise.resolve(made);
  const started = performance.now();
  return (answer.encoding[encoding] ??= compress(answer.plain, encoding)
    .then((bytes) => {
      answer.timings?.set(encoding, performance.now() - started);
      return (answer.encoded[encoding] = bytes);
    })
    .finally(() => delete answer.encoding[encoding]));
}

const compress = (body: Buffer, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
        },
      })
    : gzip(body, { level: 6 });

/** Bytes the answer holds in memory, for the caches' budgets: plain and each encoding made so far. */
export const answerBytes = (answer: PreparedAnswer) =>
  answer.plain.length + (answer.encoded.br?.length ?? 0) + (answer.encoded.gzip?.length ?? 0);
