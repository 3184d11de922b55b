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
 * How long a CDN or browser may keep a catalogue answer, and serve it stale while it asks again:
 * a write shows everywhere within a minute. The web app revalidates every time (ETag → 304).
 */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/** The address of the next page: the same request with the next cursor in place of any offset. */
function nextLink(request: FastifyRequest, cursor: string): string {
  const url = new URL(request.url, 'http://store');
  url.searchParams.delete('offset');
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/**
 * Sends a prepared answer (JSON unless told otherwise), with its list position (`X-Total-Count`, `Link: rel="next"`) and
 * caching headers: 304 when the client has it, otherwise the encoding it takes.
 * The catalogue's JSON reads skip the serializer and Helmet (decision 004); of Helmet's headers only
 * nosniff means anything for JSON.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  contentType = 'application/json; charset=utf-8',
): FastifyReply {
  const vary = reply.getHeader('vary');
  reply
    .header('x-content-type-options', 'nosniff')
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
    .header('etag', answer.etag)
    .type(contentType);
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', CATALOGUE_CACHE_CONTROL);
  if (answer.total !== undefined) reply.header('x-total-count', String(answer.total));
  if (answer.next) reply.header('link', nextLink(request, answer.next));
  if (answer.suggestion) reply.header('x-search-suggestion', encodeURIComponent(answer.suggestion));
  if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === answer.etag))
    return reply.code(304).send();
  const encoding = negotiate(request.headers['accept-encoding']);
  const compressed = encoding && answer[encoding];
  if (encoding && compressed) return reply.header('content-encoding', encoding).send(compressed);
  return reply.send(answer.plain);
}
