import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '#contract/api.ts';
import { StorageListQuerySchema, StorageListSchema } from '#contract/storage.ts';
import type { Storage } from '../../providers/storage/storage.ts';

export const storageRoutes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  app.get(
    '/api/storage/list',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['storage'],
        summary: 'Stored objects under a prefix with their metadata, a page at a time (administrators)',
        querystring: StorageListQuerySchema,
        response: { 200: StorageListSchema, 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema },
      },
    },
    async (request) => storage.list(request.query),
  );
};
