import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../../contract/api.ts';
import { MESSAGES } from '../../../contract/constants.ts';
import {
  ItemListQuerySchema,
  ItemParamsSchema,
  ItemSchema,
  PhotoTypeParamsSchema,
  SearchQuerySchema,
  TagParamsSchema,
} from '../../../contract/item.ts';
import type { CatalogueService } from '../../services/catalogue.service.ts';

const ItemListSchema = z.array(ItemSchema);

/**
 * Catalogue answers are prepared bytes; they skip the serializer. These public JSON reads are
 * the hottest routes, and Helmet's per-request work halved their throughput, so they skip it
 * too: of its headers only nosniff means anything for JSON.
 */
function sendJson(reply: FastifyReply, body: Buffer) {
  return reply.header('x-content-type-options', 'nosniff').type('application/json; charset=utf-8').send(body);
}

export const itemRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  app.get(
    '/api/items',
    {
      helmet: false,
      schema: {
        tags: ['items'],
        summary: 'Published items, newest first unless `sort` says otherwise',
        querystring: ItemListQuerySchema,
        response: { 200: ItemListSchema },
      },
    },
    async (request, reply) => sendJson(reply, await catalogue.listJson(request.query)),
  );

  app.get(
    '/api/items/photoType/:type',
    {
      helmet: false,
      schema: {
        tags: ['items'],
        summary: 'Published items of one photo type; pages and sorts like /api/items',
        params: PhotoTypeParamsSchema,
        querystring: ItemListQuerySchema,
        response: { 200: ItemListSchema },
      },
    },
    async (request, reply) => sendJson(reply, await catalogue.byPhotoTypeJson(request.params.type, request.query)),
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
    async (request, reply) => sendJson(reply, await catalogue.byTagJson(request.params.tag, request.query)),
  );

  app.get(
    '/api/items/search',
    {
      helmet: false,
      schema: {
        tags: ['items'],
        summary: 'Full-text search on names and tags; words match as prefixes',
        querystring: SearchQuerySchema,
        response: { 200: ItemListSchema },
      },
    },
    async (request, reply) => sendJson(reply, await catalogue.searchJson(request.query.q, request.query.limit)),
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
      return body ? sendJson(reply, body) : reply.code(404).send({ message: MESSAGES.itemNotFound });
    },
  );
};
