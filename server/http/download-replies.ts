import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '#contract/text.ts';

/**
 * A download worth counting for what is popular: the start of a file, not a HEAD, a
 * revalidation (304) or the later ranges of a resumed or streamed download.
 */
export function startedDownload(request: FastifyRequest, reply: FastifyReply): boolean {
  const range = request.headers.range;
  return request.method === 'GET' && reply.statusCode < 300 && (!range || /^bytes=0-/.test(range));
}

/** A refused link opened from an email gets a page, not JSON: it says why and where to go. */
export function refusalPage(message: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Download unavailable</title></head>',
    '<body style="font-family:system-ui,sans-serif;max-width:560px;margin:64px auto;padding:0 16px;color:#17141f">',
    `<h1>Download unavailable</h1><p>${escapeHtml(message)}</p>`,
    '<p><a href="/account" style="color:#a3307c;font-weight:700">Go to your account</a></p></body></html>',
  ].join('');
}
