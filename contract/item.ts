import { z } from 'zod';
import { LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE, PHOTO_TYPES } from './constants.ts';
import { FocalPointSchema } from './device-schemas.ts';
import { SAFE_NAME, text } from './text.ts';

/** Ids become storage folder names, so they follow the storage's own rule for a name. */
export const ItemIdSchema = z
  .string()
  .max(64, 'itemId must be at most 64 characters')
  .regex(SAFE_NAME, 'itemId must start with a letter or digit and hold only letters, digits, ".", "_" or "-"');

export const ImageEntrySchema = z.object({
  /** 'small' and 'large' (the original store's), then the apps' 'LD', 'BL', 'SD' and 'HD' (decision 039). */
  type: z.string(),
  name: z.string(),
  /** Where the image is served, as an absolute URL (the original store's /images/items/{itemId}/{name} on PUBLIC_URL, or PUBLIC_ASSET_URL). */
  link: z.string(),
  /** Its pixel size, e.g. 720x1280; empty when unknown (the Android app requires the field). */
  resolution: z.string(),
  /** Always empty: the Android app's data class requires the field (decision 039). */
  blob: z.string(),
});

/** `link` (absolute) is empty for paid items: their files are only reachable through a purchase. */
export const DownloadEntrySchema = z.object({
  link: z.string(),
  name: z.string(),
  dimensions: z.string(),
  /** The mobile apps' names: `size` is the dimensions again, `ext` the file type (jpg, mp4). */
  size: z.string(),
  ext: z.string(),
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
 * An item as the API shows it. The original store's field names are kept so the old clients keep
 * working; everything else is an addition: `placeholder` and `thumbnails` for the web app,
 * `id`, `sizeOptions`, `version` and the timestamps for the Android app (decision 012).
 */
export const ItemSchema = z.object({
  /** The same as itemId: the Android app's name for it. */
  id: z.string(),
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
  /** Where the eye goes, as fractions of width and height: device files are cropped around it (decision 028). */
  focalPoint: FocalPointSchema,
  /** Its dominant colours (#rrggbb, the largest share first); empty for items made before palettes. */
  palette: z.array(z.string()),
  /** Its share of near-black pixels (0–1), when known: from 0.5 it is kind to an OLED screen's battery. */
  darkShare: z.number().min(0).max(1).optional(),
  /** The dimensions the item's files come in, e.g. ['1440x2560']. */
  sizeOptions: z.array(z.string()),
  /** Bumped by every change of the item. */
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Item = z.infer<typeof ItemSchema>;

export const ITEM_SORTS = ['newest', 'oldest', 'price-asc', 'price-desc', 'name'] as const;
export type ItemSort = (typeof ITEM_SORTS)[number];

/** A `limit` query parameter from 1 to `max`, `fallback` when absent. */
const limitSchema = (max: number, fallback: number) =>
  z.coerce.number().int().min(1, `limit must be 1 to ${max}`).max(max, `limit must be 1 to ${max}`).default(fallback);

/**
 * How every list is paged: `limit` items from `cursor` (opaque, from the previous answer's
 * `Link: rel="next"`), or from `offset` for clients that count.
 */
export const PagingQuerySchema = z.object({
  limit: limitSchema(LIST_MAX_PAGE_SIZE, LIST_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  cursor: z
    .string()
    .max(400)
    .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid')
    .optional(),
});
export type PagingQuery = z.infer<typeof PagingQuerySchema>;

/**
 * The colour filters of every list: `color` (six hex digits, '#' optional) keeps the wallpapers
 * with a palette colour near it in CIELAB, `dark=true` those kind to an OLED screen.
 */
export const ColourFilterSchema = z.object({
  color: z
    .string()
    .regex(/^#?[0-9a-fA-F]{6}$/, 'color must be six hex digits, e.g. 2f63c0')
    .transform((hex) => `#${hex.replace('#', '').toLowerCase()}`)
    .optional(),
  dark: z
    .enum(['true', 'false'], { error: 'dark must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export type ColourFilter = z.infer<typeof ColourFilterSchema>;

export const ItemListQuerySchema = PagingQuerySchema.extend({
  /** Ignored with `color`: a colour's list is nearest first. */
  sort: z.enum(ITEM_SORTS).default('newest'),
  /** Narrows a tag's list to one photo type (the anime page shows its static items). */
  photoType: z.enum(PHOTO_TYPES).optional(),
  ...ColourFilterSchema.shape,
});
export type ItemListQuery = z.infer<typeof ItemListQuerySchema>;

export const SearchQuerySchema = PagingQuerySchema.extend({
  q: text().trim().min(1, 'q must not be empty').max(100, 'q must be at most 100 characters'),
  ...ColourFilterSchema.shape,
});

export const SearchTermParamsSchema = z.object({
  term: text().trim().min(1, 'term must not be empty').max(100, 'term must be at most 100 characters'),
});

export const TagParamsSchema = z.object({ tag: text().trim().min(1).max(50) });

/** GET /api/items/tags: every tag of the published catalogue, most used first. */
export const TagCountSchema = z.object({ tag: z.string(), count: z.number().int() });

/** The Android app's paged listing; `catalog` is a tag, or empty or 'Wallpapers' for everything. */
export const WallpapersPageQuerySchema = z.object({
  /** Counted from 0, as the app does; `currentPage` says it back. */
  page: z.coerce.number().int().min(0, 'page starts at 0').max(100_000).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, 'pageSize must be 1 to 100')
    .max(100, 'pageSize must be 1 to 100')
    .default(30),
  catalog: text().trim().max(50).default(''),
});
export type WallpapersPageQuery = z.infer<typeof WallpapersPageQuerySchema>;

export const WallpapersPageSchema = z.object({
  items: z.array(ItemSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
  hasMore: z.boolean(),
});

/** The most wallpapers the popular list is asked for at once. */
export const POPULAR_MAX = 100;
export const PopularQuerySchema = z.object({
  number: z.coerce
    .number()
    .int()
    .min(1, 'number must be 1 to 100')
    .max(POPULAR_MAX, 'number must be 1 to 100')
    .default(10),
});
export const PhotoTypeParamsSchema = z.object({ type: z.enum(PHOTO_TYPES) });
export const ItemParamsSchema = z.object({ itemId: ItemIdSchema });

/** How many wallpapers 'More like this' shows at most. */
export const LIKE_MAX = 24;
export const LikeQuerySchema = z.object({ limit: limitSchema(LIKE_MAX, 8) });
