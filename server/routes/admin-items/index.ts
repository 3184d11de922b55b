import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminItemsPageSchema,
  AdminItemsQuerySchema,
  CreateItemBodySchema,
  UpdateItemBodySchema,
  UploadQuerySchema,
  UploadResultSchema,
  type UploadQuery,
} from '#contract/admin.ts';
import { ItemParamsSchema } from '#contract/item.ts';
import { DomainError } from '../../shared/errors.ts';
import { readingMultipart, refuseDeclaredOver } from '../../http/multipart.ts';
import type { AdminItemsService } from '../../services/items/admin-items.service.ts';
import type { ItemLifecycleService } from '../../services/items/item-lifecycle.service.ts';
import type { UploadsService } from '../../services/items/uploads.service.ts';
import { errorReplies } from '../../http/error-replies.ts';
import { caller } from '../../http/auth.ts';

const errors = errorReplies(400, 401, 403, 404, 409);

export const adminItemRoutes: FastifyPluginAsyncZod<{
  uploads: UploadsService;
  adminItems: AdminItemsService;
  lifecycle: ItemLifecycleService;
}> = async (app, { uploads, adminItems, lifecycle }) => {
  app.post(
    '/api/uploads',
    {
      config: { access: 'admin' },
      preHandler: refuseDeclaredOver((request) => uploads.maxBytes((request.query as UploadQuery).kind)),
      schema: {
        tags: ['admin'],
        summary:
          "Stores one file of an item (multipart, field 'file'): a thumbnail in public, a download image or video in private storage",
        querystring: UploadQuerySchema,
        response: { 201: UploadResultSchema, ...errors, ...errorReplies(413) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new DomainError('invalid', 'Send the file as multipart/form-data.');
      const result = await readingMultipart(async () => {
        const part = await request.file({ limits: { fileSize: uploads.maxBytes(request.query.kind), files: 1 } });
        if (!part) throw new DomainError('invalid', 'No file was sent.');
        return uploads.upload({
          itemId: request.query.itemId,
          kind: request.query.kind,
          fileName: part.filename,
          stream: part.file,
          truncated: () => part.file.truncated,
        });
      });
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/api/admin/items',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every item, published or not, by name or itemId, tag, price, type and state; newest first',
        querystring: AdminItemsQuerySchema,
        response: { 200: AdminItemsPageSchema, ...errors },
      },
    },
    async (request) => adminItems.list(request.query),
  );

  app.post(
    '/api/items',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Creates a published item from uploaded files (itemId generated when left out)',
        body: CreateItemBodySchema,
        response: { 201: z.object({ itemId: z.string() }), ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await adminItems.create(request.body, caller(request))),
  );

  app.patch(
    '/api/items/:itemId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Edits an item's name, price, free flag, tags or publication",
        params: ItemParamsSchema,
        body: UpdateItemBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await adminItems.update(request.params.itemId, request.body, caller(request));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/items/:itemId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Removes an item and its files (not one that was sold)',
        params: ItemParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await lifecycle.remove(request.params.itemId, caller(request));
      return reply.code(204).send(null);
    },
  );
};
