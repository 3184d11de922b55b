import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BannerFieldsSchema, BannerParamsSchema, BannerSchema, UpdateBannerBodySchema } from '#contract/banners.ts';
import { caller } from '../../http/auth.ts';
import { errorReplies } from '../../http/error-replies.ts';
import { readingMultipart, refuseDeclaredOver } from '../../http/multipart.ts';
import type { BannersService } from '../../services/catalogue/banners.service.ts';
import type { UploadsService } from '../../services/items/uploads.service.ts';
import { DomainError } from '../../shared/errors.ts';

const errors = errorReplies(400, 401, 403, 404);
const BannerListSchema = z.array(BannerSchema);

export const bannerRoutes: FastifyPluginAsyncZod<{
  banners: BannersService;
  uploads: Pick<UploadsService, 'maxBytes'>;
}> = async (app, { banners, uploads }) => {
  app.get(
    '/api/banners',
    {
      schema: {
        tags: ['items'],
        summary: "The owner's active banners, in order, as the web home shows them",
        response: { 200: BannerListSchema },
      },
    },
    async () => banners.active(),
  );

  app.get(
    '/api/admin/banners',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Every banner, in order', response: { 200: BannerListSchema, ...errors } },
    },
    async () => banners.list(),
  );

  app.post(
    '/api/admin/banners',
    {
      config: { access: 'admin' },
      preHandler: refuseDeclaredOver(() => uploads.maxBytes('image')),
      schema: {
        tags: ['admin'],
        summary:
          "Makes a banner from an image (multipart, field 'file'), cropped to 1170×374, with its title and the tag it opens",
        querystring: BannerFieldsSchema,
        response: { 201: BannerSchema, ...errors, ...errorReplies(413) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new DomainError('invalid', 'Send the image as multipart/form-data.');
      const made = await readingMultipart(async () => {
        const part = await request.file({ limits: { fileSize: uploads.maxBytes('image'), files: 1 } });
        if (!part) throw new DomainError('invalid', 'No image was sent.');
        return banners.create(caller(request), request.query, {
          fileName: part.filename,
          stream: part.file,
          truncated: () => part.file.truncated,
        });
      });
      return reply.code(201).send(made);
    },
  );

  app.patch(
    '/api/admin/banners/:bannerId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Changes a banner: its title or tag, whether it shows, or one place up or down',
        params: BannerParamsSchema,
        body: UpdateBannerBodySchema,
        response: { 200: BannerSchema, ...errors },
      },
    },
    async (request) => banners.update(caller(request), request.params.bannerId, request.body),
  );

  app.delete(
    '/api/admin/banners/:bannerId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Deletes a banner and its pictures',
        params: BannerParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await banners.remove(caller(request), request.params.bannerId);
      return reply.code(204).send(null);
    },
  );
};
