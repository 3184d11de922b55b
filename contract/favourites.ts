import { z } from 'zod';
import { ItemIdSchema } from './item.ts';

/** How many hearts an account keeps, and a visitor's browser before it signs in. */
export const MAX_FAVOURITES = 500;

/** Hearts to add to the account: one, or a visitor's whole list when they sign in. */
export const FavouritesBodySchema = z.object({
  itemIds: z
    .array(ItemIdSchema)
    .min(1, 'itemIds must name at least one wallpaper')
    .max(MAX_FAVOURITES, `itemIds must name at most ${MAX_FAVOURITES} wallpapers`),
});

export const FavouriteParamsSchema = z.object({ itemId: ItemIdSchema });
