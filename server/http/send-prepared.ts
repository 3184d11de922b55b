import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PreparedAnswer } from '../shared/prepared-answer.ts';

/** Which encoding the client takes: brotli first, then gzip (an explicit q=0 refuses one). */
function negotiate(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/**
 * Sends a prepared JSON answer: 304 when the client has it, otherwise the encoding it takes.
 * These public reads skip the serializer and Helmet (decision 004); of Helmet's headers only
 * nosniff means anything for JSON.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer): FastifyReply {
  const vary = reply.getHeader('vary');
  reply
    .header('x-content-type-options', 'nosniff')
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
    .header('etag', answer.etag)
    .type('application/json; charset=utf-8');
  if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === answer.etag))
    return reply.code(304).send();
  const encoding = negotiate(request.headers['accept-encoding']);
  const compressed = encoding && answer[encoding];
  if (encoding && compressed) return reply.header('content-encoding', encoding).send(compressed);
  return reply.send(answer.plain);
}
