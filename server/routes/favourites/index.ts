import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '#contract/api.ts';
import { FavouriteParamsSchema, FavouritesBodySchema } from '#contract/favourites.ts';
import { ItemSchema } from '#contract/item.ts';
import { caller } from '../../http/auth.ts';
import type { FavouritesService } from '../../services/accounts/favourites.service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema };

/** The signed-in user's hearts. */
export const favouriteRoutes: FastifyPluginAsyncZod<{ favourites: FavouritesService }> = async (
  app,
  { favourites },
) => {
  app.get(
    '/api/users/me/favourites',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: "The user's favourite wallpapers, the latest heart first",
        response: { 200: z.array(ItemSchema), 401: ApiErrorSchema },
      },
    },
    async (request) => favourites.list(caller(request).uid),
  );

  app.post(
    '/api/users/me/favourites',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary:
          'Adds hearts: one wallpaper, or the ones a visitor marked before signing in (unknown ids are left out)',
        body: FavouritesBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await favourites.add(caller(request).uid, request.body.itemIds);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/users/me/favourites/:itemId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Takes a heart away',
        params: FavouriteParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await favourites.remove(caller(request).uid, request.params.itemId);
      return reply.code(204).send(null);
    },
  );
};
