import { DomainError } from '../shared/errors.ts';

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
