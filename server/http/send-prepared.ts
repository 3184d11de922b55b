import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodedAs, type Encoding, type PreparedAnswer } from '../shared/prepared-answer.ts';
import { serverTiming } from '../shared/server-timing.ts';

/** Which encoding the client takes: brotli first, then gzip (an explicit q=0 refuses one). */
export function negotiate(acceptEncoding: string | undefined): Encoding | undefined {
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
function nextLink(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl, 'http://store');
  url.searchParams.delete('offset');
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/** What answers one request for a prepared answer. */
export interface PreparedReply {
  status: 200 | 304;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Whether the client holds the answer already: its If-None-Match names the answer's ETag. */
const holdsAnswer = (headers: IncomingHttpHeaders, answer: PreparedAnswer): boolean =>
  headers['if-none-match']?.split(',').some((tag) => tag.trim() === answer.etag || tag.trim() === '*') ?? false;

/**
 * The reply to a request for a prepared answer, given the headers of its kind (type, caching):
 * its list position (`X-Total-Count`, `Link: rel="next"`) and ETag, then 304 when the client has
 * it, otherwise the encoding it takes, once made (`encodedAs`).
 */
export function preparedReply(
  request: { url: string; headers: IncomingHttpHeaders },
  answer: PreparedAnswer,
  kind: Record<string, string>,
): PreparedReply {
  const headers: Record<string, string> = { ...kind, etag: answer.etag };
  if (answer.total !== undefined) headers['x-total-count'] = String(answer.total);
  if (answer.next) headers.link = nextLink(request.url, answer.next);
  if (answer.suggestion) headers['x-search-suggestion'] = encodeURIComponent(answer.suggestion);
  if (holdsAnswer(request.headers, answer)) return { status: 304, headers };
  const encoding = negotiate(request.headers['accept-encoding']);
  const compressed = encoding && answer.encoded[encoding];
  if (encoding && compressed)
    return { status: 200, headers: { ...headers, 'content-encoding': encoding }, body: compressed };
  return { status: 200, headers, body: answer.plain };
}

/** Where a public answer sent through the app is remembered, to be sent again before routing. */
export interface RemembersAnswers {
  /** `held` says whether the answer is still the one to send (by default: the catalogue still holds it). */
  remember(request: FastifyRequest, kind: Record<string, string>, answer: PreparedAnswer, held?: () => boolean): void;
}

/**
 * Sends a prepared answer (JSON unless told otherwise) with its caching headers
 * (`preparedReply`), compressed first in the encoding the client takes if none has taken it
 * before. The catalogue's JSON reads skip the serializer and Helmet (decision 004);
 * of Helmet's headers only nosniff means anything for JSON. An answer for anyone (no caching
 * headers of the route's own) is handed to `front`, which sends it again to the next request for the same address.
 * The first reply to send an answer says how long its making took (`Server-Timing`: each phase, as
 * `keys`, `count`, `index`, `rows`, its compression and the whole as `make`); none that follow do.
 */
export async function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  options: { contentType?: string; front?: RemembersAnswers | undefined } = {},
): Promise<FastifyReply> {
  const encoding = negotiate(request.headers['accept-encoding']);
  if (encoding && answer.compressible && !holdsAnswer(request.headers, answer)) await encodedAs(answer, encoding);
  const vary = reply.getHeader('vary');
  const ownCaching = reply.getHeader('cache-control');
  const kind = {
    'x-content-type-options': 'nosniff',
    vary: vary ? `${String(vary)}, accept-encoding` : 'accept-encoding',
    'content-type': options.contentType ?? 'application/json; charset=utf-8',
    'cache-control': ownCaching ? String(ownCaching) : CATALOGUE_CACHE_CONTROL,
  };
  if (options.front && ownCaching === undefined && reply.statusCode === 200)
    options.front.remember(request, kind, answer);
  const { status, headers, body } = preparedReply(request, answer, kind);
  if (answer.timings) {
    headers['server-timing'] = serverTiming(answer.timings);
    delete answer.timings;
  }
  // A page's own status (a not-found page) stands unless the client has the answer already.
  if (status === 304) reply.code(304);
  return reply.headers(headers).send(body);
}
