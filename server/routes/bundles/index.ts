import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminBundleListSchema,
  AdminBundleSchema,
  BundleFieldsSchema,
  BundleListSchema,
  BundleParamsSchema,
  BundleSchema,
  UpdateBundleBodySchema,
} from '#contract/bundles.ts';
import { caller } from '../../http/auth.ts';
import { errorReplies } from '../../http/error-replies.ts';
import type { BundlesService } from '../../services/catalogue/bundles.service.ts';

const errors = errorReplies(400, 401, 403, 404);

export const bundleRoutes: FastifyPluginAsyncZod<{ bundles: BundlesService }> = async (app, { bundles }) => {
  app.get(
    '/api/bundles',
    {
      schema: {
        tags: ['items'],
        summary: 'The bundles for sale, newest first, each with its wallpapers',
        response: { 200: BundleListSchema },
      },
    },
    async () => bundles.onSale(),
  );

  app.get(
    '/api/bundles/:bundleId',
    {
      schema: {
        tags: ['items'],
        summary: 'A bundle for sale, with its wallpapers',
        params: BundleParamsSchema,
        response: { 200: BundleSchema, ...errorReplies(400, 404) },
      },
    },
    async (request) => bundles.get(request.params.bundleId),
  );

  app.get(
    '/api/admin/bundles',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every bundle, newest first, with whether it is for sale and how often it sold',
        response: { 200: AdminBundleListSchema, ...errors },
      },
    },
    async () => bundles.list(),
  );

  app.post(
    '/api/admin/bundles',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Makes a bundle of paid wallpapers at one price',
        body: BundleFieldsSchema,
        response: { 201: AdminBundleSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await bundles.create(caller(request), request.body)),
  );

  app.patch(
    '/api/admin/bundles/:bundleId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Changes a bundle: its name, description, price, wallpapers, or whether it is published',
        params: BundleParamsSchema,
        body: UpdateBundleBodySchema,
        response: { 200: AdminBundleSchema, ...errors },
      },
    },
    async (request) => bundles.update(caller(request), request.params.bundleId, request.body),
  );

  app.delete(
    '/api/admin/bundles/:bundleId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Deletes a bundle never ordered (one that was can only be unpublished)',
        params: BundleParamsSchema,
        response: { 204: z.null(), ...errors, ...errorReplies(409) },
      },
    },
    async (request, reply) => {
      await bundles.remove(caller(request), request.params.bundleId);
      return reply.code(204).send(null);
    },
  );
};
