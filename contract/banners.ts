import { z } from 'zod';
import { text } from './text.ts';

/** A banner's picture: the Android app's home banner size (the themes' art), and half of it for phones on the web. */
export const BANNER_SIZE = { width: 1170, height: 374 } as const;
export const BANNER_SMALL_SIZE = { width: 585, height: 187 } as const;

/** The most banners the web home and the app show at once. */
export const MAX_ACTIVE_BANNERS = 8;

/** What the owner types for a banner: its words, and the tag (a theme or any tag) whose wallpapers it opens. */
export const BannerFieldsSchema = z.object({
  title: text().trim().min(1, 'Give the banner a title.').max(60),
  tag: text()
    .trim()
    .toLowerCase()
    .min(1, 'Name the tag the banner opens.')
    .max(30)
    .regex(/^[\p{L}\p{N} -]+$/u, 'A tag is letters, digits, spaces and dashes.'),
});
export type BannerFields = z.infer<typeof BannerFieldsSchema>;

/** One of the owner's banners, on the web home and the app's home while active. */
export const BannerSchema = BannerFieldsSchema.extend({
  id: z.number().int(),
  /** Its picture, BANNER_SIZE and BANNER_SMALL_SIZE, as paths under the store's /images. */
  image: z.string(),
  imageSmall: z.string(),
  active: z.boolean(),
  position: z.number().int(),
});
export type Banner = z.infer<typeof BannerSchema>;

export const BannerParamsSchema = z.object({ bannerId: z.coerce.number().int().min(1).max(2_147_483_647) });

/** A change to a banner: its words, whether it shows, or one place up or down. */
export const UpdateBannerBodySchema = BannerFieldsSchema.partial()
  .extend({ active: z.boolean().optional(), move: z.enum(['up', 'down']).optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Say what to change.' });
export type UpdateBannerBody = z.infer<typeof UpdateBannerBodySchema>;
