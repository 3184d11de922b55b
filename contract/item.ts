import { z } from 'zod';
import { PHOTO_TYPES } from './constants.ts';

/** Ids become storage folder names, so they are restricted to a safe alphabet. */
export const ItemIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'itemId must be 1 to 64 letters, digits, "_" or "-"');

export const ImageEntrySchema = z.object({ type: z.string(), name: z.string() });

/** `link` is empty for paid items: their files are only reachable through a purchase. */
export const DownloadEntrySchema = z.object({
  link: z.string(),
  name: z.string(),
  dimensions: z.string(),
});

export const ThumbnailVariantSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  /** WebP. */
  file: z.string(),
  /** The same picture as AVIF, smaller, for browsers that take it. */
  avif: z.string().optional(),
});

/**
 * An item as the API shows it. The spec's field names are kept so the mobile apps keep
 * working; `placeholder`, `thumbnails` and `createdAt` are additions for the web app.
 */
export const ItemSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  price: z.number(),
  thumbnail: z.string(),
  preview: z.string(),
  freeDownload: z.boolean(),
  stars: z.number(),
  photoType: z.enum(PHOTO_TYPES),
  tags: z.array(z.string()),
  imageList: z.array(ImageEntrySchema),
  downloadList: z.array(DownloadEntrySchema),
  placeholder: z.string(),
  thumbnails: z.array(ThumbnailVariantSchema),
  /** A live item's poster frame (a file in its folder), when it has one. */
  poster: z.string().optional(),
  createdAt: z.string(),
});
export type Item = z.infer<typeof ItemSchema>;

export const ITEM_SORTS = ['newest', 'oldest', 'price-asc', 'price-desc', 'name'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

export const ItemListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  sort: z.enum(ITEM_SORTS).default('newest'),
});
export type ItemListQuery = z.infer<typeof ItemListQuerySchema>;

export const SearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'q must not be empty').max(100, 'q must be at most 100 characters'),
  limit: z.coerce.number().int().min(1).max(100).default(48),
});

export const TagParamsSchema = z.object({ tag: z.string().trim().min(1).max(50) });
export const PhotoTypeParamsSchema = z.object({ type: z.enum(PHOTO_TYPES) });
export const ItemParamsSchema = z.object({ itemId: ItemIdSchema });
