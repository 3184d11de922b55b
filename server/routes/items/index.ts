import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '#contract/api.ts';
import { MESSAGES } from '#contract/constants.ts';
import {
  ItemListQuerySchema,
  ItemParamsSchema,
  LikeQuerySchema,
  ItemSchema,
  PagingQuerySchema,
  PhotoTypeParamsSchema,
  PopularQuerySchema,
  SearchQuerySchema,
  SearchTermParamsSchema,
  TagCountSchema,
  TagParamsSchema,
  WallpapersPageQuerySchema,
  WallpapersPageSchema,
} from '#contract/item.ts';
import { rateLimited } from '../../http/rate-limits.ts';
import { sendPrepared, type RemembersAnswers } from '../../http/send-prepared.ts';
import type { CatalogueService } from '../../services/catalogue/catalogue.service.ts';
import { DomainError } from '../../shared/errors.ts';

const ItemListSchema = z.array(ItemSchema);

export const itemRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
  viewsPerMinute: number;
  /** Where the answers are remembered to be sent again before routing (decision 057). */
  front?: RemembersAnswers;
}> = async (app, { catalogue, viewsPerMinute, front }) => {
  app.get(
    '/api/items',
    {
      helmet: false,
      schema: {
        tags: ['items'],
        summary:
          'Published items, newest first unless `sort` says otherwise; paged by `limit` and `cursor` (or `offset`), with `Link: rel="next"` and `X-Total-Count`',
        querystring: ItemListQuerySchema,
        response: { 200: ItemListSchema },
      },
    },
    async (request, reply) => sendPrepared(request, reply, await catalogue.listJson(request.query), { front }),
  );

  app.get(
    '/api/items/photoType/:type',
    {
      helmet: false,
      schema: {
        tags: ['items'],
        summary:
          "The old clients' list of one photo type, with each item's palette among its tags; pages and sorts like /api/items",
        params: PhotoTypeParamsSchema,
        querystring: ItemListQuerySchema,
        response: { 200: ItemListSchema },
      },
    },
    async (request, reply) =>
      sendPrepared(request, reply, await catalogue.byPhotoTypeJson(request.params.type, request.query), { front }),
  );

  app.get(
    '/api/items/tag/:tag',
    {
      helmet: false,
      schema: {
        tags: ['items'],
        summary: 'Published items carrying a tag (case-insensitive); pages and sorts like /api/items',
        params: TagParamsSchema,
        querystring: ItemListQuerySchema,
        response: { 200: ItemListSchema },
      },
    },
    async (request, reply) =>
      sendPrepared(request, reply, await catalogue.byTagJson(request.params.tag, request.query), { front }),
  );

  app.get(
    '/api/items/search',
    {
      helmet: false,
      schema: {
        tags: ['items'],
        summary:
          'Full-text search on names and tags, words matching as prefixes, best first and paged; near spellings when nothing matches',
        querystring: SearchQuerySchema,
        response: { 200: ItemListSchema },
      },
    },
    async (request, reply) =>
      sendPrepared(request, reply, await catalogue.searchJson(request.query.q, request.query), { front }),
  );

  // The old clients' paths (the original web app and the Android app), answered by the same service.
  app.get(
    '/api/items/search/:term',
    {
      helmet: false,
      schema: {
        tags: ['items'],
        summary:
          "The old clients' search: the same as /api/items/search?q={term}, with each item's palette among its tags",
        params: SearchTermParamsSchema,
        querystring: PagingQuerySchema,
        response: { 200: ItemListSchema },
      },
    },
    async (request, reply) =>
      sendPrepared(request, reply, await catalogue.searchJson(request.params.term, request.query, 'old-clients'), {
        front,
      }),
  );

  app.get(
    '/api/items/tags',
    {
      helmet: false,
      schema: {
        tags: ['items'],
        summary: 'Every tag in use with how many published items carry it, most used first',
        response: { 200: z.array(TagCountSchema) },
      },
    },
    async (request, reply) => sendPrepared(request, reply, await catalogue.tagsJson(), { front }),
  );

  app.get(
    '/api/items/wallpapers/page',
    {
      helmet: false,
      schema: {
        tags: ['items'],
        summary:
          "The Android app's paged listing, newest first, pages from 0: `catalog` empty or 'Wallpapers' for all, otherwise a tag or a theme's name",
        querystring: WallpapersPageQuerySchema,
        response: { 200: WallpapersPageSchema },
      },
    },
    async (request, reply) =>
      sendPrepared(request, reply, await catalogue.wallpapersPageJson(request.query), { front }),
  );

  app.get(
    '/api/items/wallpapers/popular',
    {
      helmet: false,
      schema: {
        tags: ['items'],
        summary:
          "The old clients' most downloaded and bought items of the last 30 days, topped up with a random sample",
        querystring: PopularQuerySchema,
        response: { 200: ItemListSchema },
      },
    },
    async (request, reply) =>
      sendPrepared(
        request,
        reply.header('cache-control', 'no-store'),
        await catalogue.popularJson(request.query.number),
      ),
  );

  app.get(
    '/api/items/:itemId/like',
    {
      helmet: false,
      schema: {
        tags: ['items'],
        summary: "'More like this': published wallpapers sharing the item's tags, most shared first, then newest",
        params: ItemParamsSchema,
        querystring: LikeQuerySchema,
        response: { 200: z.array(ItemSchema), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const body = await catalogue.likeJson(request.params.itemId, request.query.limit);
      if (!body) throw new DomainError('not-found', MESSAGES.itemNotFound);
      return sendPrepared(request, reply, body, { front });
    },
  );

  app.get(
    '/api/items/:itemId',
    {
      helmet: false,
      schema: {
        tags: ['items'],
        summary: 'One published item',
        params: ItemParamsSchema,
        response: { 200: ItemSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const body = await catalogue.itemJson(request.params.itemId);
      if (!body) throw new DomainError('not-found', MESSAGES.itemNotFound);
      return sendPrepared(request, reply, body, { front });
    },
  );

  app.post(
    '/api/items/:itemId/views',
    {
      bodyLimit: 64,
      // One view per page shown; more from one address is someone inflating an item's figures.
      preHandler: rateLimited(app, [
        { name: 'views:ip', max: viewsPerMinute, timeWindow: '1 minute', key: (request) => request.ip },
      ]),
      schema: {
        tags: ['items'],
        summary: "Counts a view of a published item's page, for the owner's conversion figures",
        params: ItemParamsSchema,
      },
    },
    async (request, reply) => {
      await catalogue.recordView(request.params.itemId);
      return reply.code(204).send();
    },
  );
};
