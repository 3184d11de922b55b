import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../contract/api.ts';
import { StorageListQuerySchema, StorageListSchema } from '../../../contract/storage.ts';
import { authGuards } from '../../http/auth.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import type { AccountsService } from '../../services/accounts.service.ts';

export const storageRoutes: FastifyPluginAsyncZod<{ storage: Storage; accounts: AccountsService }> = async (app, { storage, accounts }) => {
  const { requireAdmin } = authGuards(app, accounts);
  app.get(
    '/api/storage/list',
    {
      preHandler: requireAdmin,
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
