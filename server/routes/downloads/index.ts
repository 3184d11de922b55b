import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '../../../contract/constants.ts';
import { ScreenSizeSchema } from '../../../contract/device-schemas.ts';
import { ItemIdSchema } from '../../../contract/item.ts';
import { STATUS_OF } from '../../http/error-status.ts';
import { sendObject } from '../../http/send-object.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { DomainError } from '../../shared/errors.ts';
import type { CatalogueService } from '../../services/catalogue.service.ts';
import type { CheckoutService } from '../../services/checkout.service.ts';
import type { DeviceFitService } from '../../services/device-fit.service.ts';
import { escapeHtml } from '../../../contract/text.ts';

/** How long a presigned URL of a paid file lives: long enough to start the download, too short to share. */
const PRESIGNED_SECONDS = 300;

const FreeDownloadParams = z.object({
  itemId: ItemIdSchema,
  index: z.coerce.number().int().min(0).max(9).default(0),
});

/**
 * A download worth counting for what is popular: the start of a file, not a HEAD, a
 * revalidation (304) or the later ranges of a resumed or streamed download.
 */
function countDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  catalogue: CatalogueService,
  itemId: string,
): void {
  const range = request.headers.range;
  if (request.method !== 'GET' || reply.statusCode >= 300 || (range && !/^bytes=0-/.test(range))) return;
  catalogue
    .recordDownload(itemId)
    .catch((error: unknown) => request.log.warn({ err: error, itemId }, 'download not counted'));
}

/** A refused link opened from an email gets a page, not JSON: it says why and where to go. */
function refusalPage(message: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Download unavailable</title></head>',
    '<body style="font-family:system-ui,sans-serif;max-width:560px;margin:64px auto;padding:0 16px;color:#17141f">',
    `<h1>Download unavailable</h1><p>${escapeHtml(message)}</p>`,
    '<p><a href="/account" style="color:#a3307c;font-weight:700">Go to your account</a></p></body></html>',
  ].join('');
}

export const downloadRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
  checkout: CheckoutService;
  deviceFit: DeviceFitService;
  storage: Storage;
}> = async (app, { catalogue, checkout, deviceFit, storage }) => {
  /** The item's file for one phone screen (decision 028), once access to the item was checked. */
  async function phoneFile(itemId: string, screen: { width: number; height: number }) {
    const row = await catalogue.findRow(itemId);
    if (!row) throw new DomainError('not-found', MESSAGES.itemNotFound);
    return deviceFit.file(row, screen);
  }

  app.get(
    '/api/downloads/:token',
    {
      schema: {
        tags: ['downloads'],
        summary:
          'A purchased file through a signed, expiring link, as an attachment (byte ranges supported); with `screen`, the image cropped to that phone screen',
        params: z.object({ token: z.string().max(400) }),
        querystring: z.object({ screen: ScreenSizeSchema.optional() }),
      },
    },
    async (request, reply) => {
      try {
        const granted = await checkout.download(request.params.token);
        const { screen } = request.query;
        const file = screen ? { ...(await phoneFile(granted.itemId, screen)), itemId: granted.itemId } : granted;
        // From a bucket, the file itself comes from a short-lived URL of its own; the link was checked first.
        const direct = await storage.presign(file.key, { seconds: PRESIGNED_SECONDS, fileName: file.name });
        if (direct) {
          countDownload(request, reply, catalogue, file.itemId);
          return reply.header('cache-control', 'private, no-store').redirect(direct, 302);
        }
        await sendObject(request, reply, storage, file.key, {
          cacheControl: 'private, no-store',
          attachmentName: file.name,
        });
        countDownload(request, reply, catalogue, file.itemId);
        return reply;
      } catch (error) {
        if (!(error instanceof DomainError) || !request.headers.accept?.includes('text/html')) throw error;
        return reply.code(STATUS_OF[error.kind]).type('text/html; charset=utf-8').send(refusalPage(error.message));
      }
    },
  );

  /** A free item's published row, or the reason it cannot be downloaded. */
  async function freeRow(itemId: string) {
    const row = await catalogue.findRow(itemId);
    if (!row?.published) throw new DomainError('not-found', MESSAGES.itemNotFound);
    if (!row.freeDownload) throw new DomainError('forbidden', 'This wallpaper is not free: buy it to download it.');
    return row;
  }

  app.get(
    '/api/downloads/free/:itemId/fit/:screen',
    {
      schema: {
        tags: ['downloads'],
        summary: "A free item's image cropped to one phone screen around its focal point, as an attachment",
        params: z.object({ itemId: ItemIdSchema, screen: ScreenSizeSchema }),
      },
    },
    async (request, reply) => {
      const row = await freeRow(request.params.itemId);
      const file = await deviceFit.file(row, request.params.screen);
      await sendObject(request, reply, storage, file.key, {
        cacheControl: 'public, max-age=86400',
        attachmentName: file.name,
      });
      countDownload(request, reply, catalogue, row.itemId);
      return reply;
    },
  );

  app.get(
    '/api/downloads/free/:itemId/:index?',
    {
      schema: {
        tags: ['downloads'],
        summary: 'A file of a free item, as an attachment (byte ranges supported)',
        params: FreeDownloadParams,
      },
    },
    async (request, reply) => {
      const row = await freeRow(request.params.itemId);
      const file = row.downloads[request.params.index];
      if (!file) return reply.code(404).send({ message: 'This item has no such file.' });
      await sendObject(request, reply, storage, file.key, {
        cacheControl: 'public, max-age=86400',
        attachmentName: file.name,
      });
      countDownload(request, reply, catalogue, row.itemId);
      return reply;
    },
  );
};
