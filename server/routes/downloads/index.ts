import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ScreenSizeSchema } from '#contract/device-schemas.ts';
import { ItemIdSchema } from '#contract/item.ts';
import { refusalPage, startedDownload } from '../../http/download-replies.ts';
import { STATUS_OF } from '../../http/error-status.ts';
import { sendObject } from '../../http/send-object.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { DomainError } from '../../shared/errors.ts';
import type { DownloadFile, DownloadsService } from '../../services/orders/downloads.service.ts';

/** How long a presigned URL of a paid file lives: long enough to start the download, too short to share. */
const PRESIGNED_SECONDS = 300;

const FreeDownloadParams = z.object({
  itemId: ItemIdSchema,
  index: z.coerce.number().int().min(0).max(9).default(0),
});

export const downloadRoutes: FastifyPluginAsyncZod<{ downloads: DownloadsService; storage: Storage }> = async (
  app,
  { downloads, storage },
) => {
  /** Sends a file as an attachment and counts it when it is the start of a download. */
  async function send(request: FastifyRequest, reply: FastifyReply, file: DownloadFile, cacheControl: string) {
    await sendObject(request, reply, storage, file.key, { cacheControl, attachmentName: file.name });
    count(request, reply, file.itemId);
    return reply;
  }

  function count(request: FastifyRequest, reply: FastifyReply, itemId: string) {
    if (!startedDownload(request, reply)) return;
    downloads.count(itemId).catch((error: unknown) => request.log.warn({ err: error, itemId }, 'download not counted'));
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
        const file = await downloads.bought(request.params.token, request.query.screen);
        // From a bucket, the file itself comes from a short-lived URL of its own; the link was checked first.
        const direct = await storage.presign(file.key, { seconds: PRESIGNED_SECONDS, fileName: file.name });
        if (!direct) return await send(request, reply, file, 'private, no-store');
        count(request, reply, file.itemId);
        return reply.header('cache-control', 'private, no-store').redirect(direct, 302);
      } catch (error) {
        if (!(error instanceof DomainError) || !request.headers.accept?.includes('text/html')) throw error;
        return reply.code(STATUS_OF[error.kind]).type('text/html; charset=utf-8').send(refusalPage(error.message));
      }
    },
  );

  app.get(
    '/api/downloads/free/:itemId/fit/:screen',
    {
      schema: {
        tags: ['downloads'],
        summary: "A free item's image cropped to one phone screen around its focal point, as an attachment",
        params: z.object({ itemId: ItemIdSchema, screen: ScreenSizeSchema }),
      },
    },
    async (request, reply) =>
      send(
        request,
        reply,
        await downloads.freeForScreen(request.params.itemId, request.params.screen),
        'public, max-age=86400',
      ),
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
    async (request, reply) =>
      send(request, reply, await downloads.free(request.params.itemId, request.params.index), 'public, max-age=86400'),
  );
};
