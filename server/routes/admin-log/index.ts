import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminActionsPageSchema, AdminActionsQuerySchema } from '#contract/admin.ts';
import { errorReplies } from '../../http/error-replies.ts';
import type { AdminLogService } from '../../services/platform/admin-log.service.ts';

export const adminLogRoutes: FastifyPluginAsyncZod<{ adminLog: AdminLogService }> = async (app, { adminLog }) => {
  app.get(
    '/api/admin/actions',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'What administrators did, newest first: who, what, to what, when, and the fields before and after',
        querystring: AdminActionsQuerySchema,
        response: { 200: AdminActionsPageSchema, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => adminLog.list(request.query),
  );
};
