import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReportQuerySchema, ReportSchema } from '#contract/reports.ts';
import { errorReplies } from '../../http/error-replies.ts';
import type { ReportsService } from '../../services/platform/reports.service.ts';

const errors = errorReplies(400, 401, 403);

export const adminReportRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  app.get(
    '/api/admin/reports',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Sales per day, week or month, top sellers, items' views, downloads and purchases, and visitors' web vitals, over UTC days",
        querystring: ReportQuerySchema,
        response: { 200: ReportSchema, ...errors },
      },
    },
    async (request) => reports.report(request.query),
  );
};
