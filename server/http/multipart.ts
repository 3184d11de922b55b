import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { DomainError } from '../shared/errors.ts';

/** What a multipart body holds besides its files: boundaries, part headers, small fields. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Refuses an upload whose declared length is over `maxFileBytes` (plus the multipart framing)
 * before reading any of it, and closes the connection instead of reading what it announced. A
 * preHandler: the query is validated by then, and a multipart body is still unread.
 */
export function refuseDeclaredOver(maxFileBytes: (request: FastifyRequest) => number): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const limit = maxFileBytes(request);
    if (Number(request.headers['content-length']) > limit + MULTIPART_OVERHEAD_BYTES) {
      reply.header('connection', 'close');
      throw new DomainError('too-large', `The upload is larger than ${Math.round(limit / 1024 / 1024)} MB.`);
    }
  };
}

/**
 * The multipart parser's own failures are the client's: a body cut short, a boundary that never
 * comes or is missing, a declared part that is not there. They carry no status of their own
 * (busboy's) or a 4xx one (@fastify/multipart's); storage failures keep theirs and stay 5xx.
 */
function asClientError(error: unknown): DomainError | undefined {
  if (error instanceof DomainError) return error;
  const { statusCode, code, message = '' } = error as { statusCode?: number; code?: string; message?: string };
  if (code?.startsWith('FST_') && statusCode !== undefined && statusCode < 500)
    return new DomainError('invalid', `The upload could not be read: ${message}.`);
  if (!code && /multipart|boundary/i.test(message))
    return new DomainError(
      'invalid',
      'The upload could not be read: its multipart body is malformed or was cut short.',
    );
  return undefined;
}

/** Runs the reading of a multipart request, answering 400 for what the parser refuses. */
export async function readingMultipart<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asClientError(error) ?? error;
  }
}
