import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicConfigSchema, type PublicConfig } from '#contract/config.ts';

export const configRoutes: FastifyPluginAsyncZod<{ publicConfig: PublicConfig }> = async (app, { publicConfig }) => {
  app.get(
    '/api/config',
    { schema: { tags: ['config'], summary: 'Public settings of this store', response: { 200: PublicConfigSchema } } },
    async () => publicConfig,
  );
};
