import contentDisposition from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import rangeParser from 'range-parser';
import type { Storage } from '../providers/storage/storage.ts';
import type { RemembersAnswers } from './send-prepared.ts';

function notModified(request: FastifyRequest, etag: string, updated: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => tag.trim() === etag);
  const ifModifiedSince = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(ifModifiedSince) && Math.floor(updated.getTime() / 1000) * 1000 <= ifModifiedSince;
}

/**
 * Answers a GET for one stored object with validators (ETag, Last-Modified → 304) and
 * single byte ranges (206, 416). `attachmentName` makes browsers save it under that name. An
 * object the storage holds in memory goes out as its bytes, and is handed to `front` to be
 * sent again before routing while the storage holds it.
 */
export async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  options: { cacheControl: string; attachmentName?: string | undefined; front?: RemembersAnswers | undefined },
): Promise<FastifyReply> {
  const object = await storage.stat(key);
  if (!object) return reply.code(404).send({ message: 'File not found' });

  const etag = `"${object.md5Hash}"`;
  const updated = new Date(object.updated);
  const kind = {
    'last-modified': updated.toUTCString(),
    'cache-control': options.cacheControl,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'content-type': object.contentType,
  };
  reply.headers(kind).header('etag', etag);
  if (options.attachmentName) reply.header('content-disposition', contentDisposition(options.attachmentName));

  if (notModified(request, etag, updated)) return reply.code(304).send();

  const rangeHeader = request.headers.range;
  const ifRange = request.headers['if-range'];
  if (rangeHeader && (!ifRange || ifRange === etag)) {
    const ranges = rangeParser(object.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      return reply
        .code(416)
        .header('content-range', `bytes */${object.size}`)
        .type('application/json; charset=utf-8')
        .send({ message: 'Range not satisfiable' });
    }
    const range = ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
    if (range) {
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(await storage.get(key, range));
    }
  }
  const held = storage.held?.(key);
  if (held) {
    if (!options.attachmentName)
      options.front?.remember(
        request,
        kind,
        // A file is sent as it is stored, never compressed here.
        { plain: held, etag, compressible: false, encoded: {}, encoding: {} },
        () => storage.held?.(key) === held,
      );
    return reply.header('content-length', held.length).send(held);
  }
  return reply.header('content-length', object.size).send(await storage.get(key));
}
