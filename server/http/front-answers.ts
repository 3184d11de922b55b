import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { Metrics } from '../providers/metrics/metrics.ts';
import { AnswerCache } from '../shared/answer-cache.ts';
import type { Logger } from '../shared/logger.ts';
import { answerBytes, type PreparedAnswer } from '../shared/prepared-answer.ts';
import { negotiate, preparedReply, type PreparedReply, type RemembersAnswers } from './send-prepared.ts';

/** An answer the app sent for an address, with the headers of its kind and the route that made it. */
interface Remembered {
  answer: PreparedAnswer;
  kind: Record<string, string>;
  route: string;
  /** Whether the answer is still the one to send. */
  held: () => boolean;
  /** Whether it is one of the catalogue's answers, whose cache hits the metrics count. */
  ofCatalogue: boolean;
  /** Each encoding's full reply, its headers as name-value pairs, made at its first send. */
  replies: Partial<Record<'br' | 'gzip' | 'plain', FlatReply>>;
}

interface FlatReply {
  status: number;
  headers: string[];
  body: Buffer | undefined;
}

/** How many distinct Accept-Encoding values are kept with their encoding: a few in practice. */
const ENCODINGS_KEPT = 64;

/**
 * The catalogue's public answers and public files sent again straight from node:http, before
 * Fastify routes the request (decision 057). A GET for an address the app answered before, whose
 * answer the catalogue (or, for a file, the storage's read cache) still holds, skips routing, the
 * hooks and validation, which cost more than half of a small answer's time; it gets the same
 * status, headers and bytes. Everything else goes on to the app: other methods, cross-origin
 * requests (CORS answers those), ranges and dates, an encoding the answer is not compressed in
 * yet (the app compresses it), an answer no longer held (a write dropped it), and every request once
 * the server closes.
 */
export class FrontAnswers implements RemembersAnswers {
  private readonly byAddress: AnswerCache<Remembered>;
  private open = true;
  /** The encoding each Accept-Encoding value asks for. */
  private readonly encodings = new Map<string, ReturnType<typeof negotiate>>();

  private readonly deps: {
    /** Whether the catalogue still holds an answer it gave (not replaced by a write, not pushed out). */
    holds: (answer: PreparedAnswer) => boolean;
    requestId: (request: IncomingMessage) => string;
    metrics: Metrics;
    logger: Logger;
    /** Bytes of answers remembered here that the catalogue may have let go. */
    maxBytes: number;
  };

  constructor(deps: FrontAnswers['deps']) {
    this.deps = deps;
    this.byAddress = new AnswerCache(deps.maxBytes, ({ answer }) => answerBytes(answer));
  }

  remember(request: FastifyRequest, kind: Record<string, string>, answer: PreparedAnswer, held?: () => boolean): void {
    const route = request.routeOptions.url;
    if (!this.open || !route || request.method !== 'GET') return;
    this.byAddress.set(request.url, {
      answer,
      kind,
      route,
      held: held ?? (() => this.deps.holds(answer)),
      ofCatalogue: held === undefined,
      replies: {},
    });
  }

  /** Sends what the app answered before for this request's address; false when the app must answer. */
  send(request: IncomingMessage, response: ServerResponse): boolean {
    const { method, headers } = request;
    // Ranges and dates are the app's to answer (files); an ETag is answered here.
    if (!this.open || method !== 'GET' || headers.origin || headers.range || headers['if-modified-since']) return false;
    const address = request.url ?? '';
    const remembered = this.byAddress.get(address);
    if (!remembered) return false;
    const { answer, kind, route, held, ofCatalogue } = remembered;
    if (!held()) {
      this.byAddress.delete(address);
      return false;
    }
    const accepted = headers['accept-encoding'];
    const encoding = accepted ? this.encodingFor(accepted) : undefined;
    // The app makes an encoding not made yet (sendPrepared), and one no answer is made in (@fastify/compress).
    if (answer.compressible && accepted && (!encoding || !answer.encoded[encoding])) return false;
    const started = performance.now();
    const id = this.deps.requestId(request);
    const made = () => flattened(preparedReply({ url: address, headers }, answer, kind));
    // A conditional request may be answered 304; any other is the same for the same encoding.
    const reply =
      headers['if-none-match'] === undefined ? (remembered.replies[encoding ?? 'plain'] ??= made()) : made();
    response.writeHead(reply.status, ['x-request-id', id, ...reply.headers]).end(reply.body);
    const elapsed = performance.now() - started;
    if (ofCatalogue) this.deps.metrics.cacheLookup('answers', true);
    this.deps.metrics.request(route, 'GET', reply.status, elapsed / 1000);
    if (this.deps.logger.isLevelEnabled('info'))
      this.deps.logger.info(
        { reqId: id, req: { method: 'GET', url: address }, res: { statusCode: reply.status }, responseTime: elapsed },
        'request completed',
      );
    return true;
  }

  private encodingFor(accepted: string): ReturnType<typeof negotiate> {
    if (this.encodings.has(accepted)) return this.encodings.get(accepted);
    if (this.encodings.size >= ENCODINGS_KEPT) this.encodings.clear();
    const encoding = negotiate(accepted);
    this.encodings.set(accepted, encoding);
    return encoding;
  }

  /** Sends nothing more: while the server closes, the app answers each request (with `Connection: close`). */
  close(): void {
    this.open = false;
    this.byAddress.clear();
  }
}

/** A reply with its headers as name-value pairs, its length among them. */
function flattened({ status, headers, body }: PreparedReply): FlatReply {
  const pairs = Object.entries(headers).flat();
  if (body) pairs.push('content-length', String(body.length));
  return { status, headers: pairs, body };
}
