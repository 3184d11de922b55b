import { z } from 'zod';
import { MAX_FAVOURITES } from './constants.ts';
import { ItemIdSchema } from './item.ts';

/** Hearts to add to the account: one, or a visitor's whole list when they sign in. */
export const FavouritesBodySchema = z.object({
  itemIds: z
    .array(ItemIdSchema)
    .min(1, 'itemIds must name at least one wallpaper')
    .max(MAX_FAVOURITES, `itemIds must name at most ${MAX_FAVOURITES} wallpapers`),
});

export const FavouriteParamsSchema = z.object({ itemId: ItemIdSchema });
