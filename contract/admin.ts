import { z } from 'zod';
import { DEFAULT_STARS, PHOTO_TYPES } from './constants.ts';
import { ItemIdSchema, ItemSchema } from './item.ts';
import { text } from './text.ts';
import { FocalPointSchema } from './device-schemas.ts';

export const UPLOAD_KINDS = ['thumbnail', 'image', 'video'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UploadQuerySchema = z.object({ itemId: ItemIdSchema, kind: z.enum(UPLOAD_KINDS) });
export type UploadQuery = z.infer<typeof UploadQuerySchema>;

export const UploadResultSchema = z.object({
  key: z.string(),
  /** Public files have a URL; downloads stay private. */
  url: z.string().optional(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;

const DimensionsSchema = text()
  .trim()
  .regex(/^\d{2,5}x\d{2,5}$/, 'dimensions must look like 1440x2560');

/** The /upload form's item: files are referred to by the keys POST /api/uploads answered. */
export const CreateItemBodySchema = z.object({
  itemId: ItemIdSchema.optional(),
  name: text().trim().min(1, 'name is invalid!').max(80),
  price: z.number().min(0).max(1000),
  freeDownload: z.boolean(),
  stars: z.number().int().min(0).max(5).default(DEFAULT_STARS),
  photoType: z.enum(PHOTO_TYPES),
  tags: z.array(text().trim().min(1).max(30)).min(1, 'tags is invalid!').max(12),
  /** The upload form's dimensions text; the item keeps the size read from each file instead. */
  dimensions: DimensionsSchema,
  thumbnailKey: text().max(300),
  imageKey: text().max(300),
  videoKey: text().max(300).optional(),
});
export type CreateItemBody = z.input<typeof CreateItemBodySchema>;

export const UpdateItemBodySchema = z
  .object({
    name: text().trim().min(1).max(80),
    price: z.number().min(0).max(1000),
    freeDownload: z.boolean(),
    tags: z.array(text().trim().min(1).max(30)).min(1).max(12),
    published: z.boolean(),
    /** Where the eye goes: phone files and the preview are cut around it (decision 028). */
    focalPoint: FocalPointSchema,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');

/** How many items a page of the admin catalogue shows. */
export const ADMIN_ITEMS_PAGE_SIZE = 24;

/**
 * The admin catalogue counts the items a filter finds up to this many, and says when there are
 * more: at a million items, a count of a whole tag or price took 0.7–1.0 s of every page.
 */
export const ADMIN_ITEMS_COUNTED = 10_000;

/**
 * The admin catalogue's filters: every item, published or not, found by words of its name or its
 * exact itemId, by tag, free or paid, static or live, and published or not; newest first.
 */
export const AdminItemsQuerySchema = z.object({
  q: text().trim().max(100).optional(),
  tag: text().trim().toLowerCase().max(30).optional(),
  price: z.enum(['free', 'paid']).optional(),
  photoType: z.enum(PHOTO_TYPES).optional(),
  state: z.enum(['published', 'unpublished']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_ITEMS_PAGE_SIZE),
  // Its pages reach as far as its count: an offset walks every item before it (0.8–2.7 s half way through a million).
  offset: z.coerce.number().int().min(0).max(ADMIN_ITEMS_COUNTED).default(0),
});
export type AdminItemsQuery = z.infer<typeof AdminItemsQuerySchema>;

/** An item as the admin catalogue shows it: as the store does, plus whether it is published and was ever sold. */
export const AdminItemSchema = ItemSchema.extend({
  published: z.boolean(),
  /** Ever ordered or granted: it stays for its buyers, so it can be unpublished but not deleted. */
  sold: z.boolean(),
});
export type AdminItem = z.infer<typeof AdminItemSchema>;

export const AdminItemsPageSchema = z.object({
  items: z.array(AdminItemSchema),
  /** How many items the filter finds, counted up to ADMIN_ITEMS_COUNTED. */
  total: z.number().int(),
  /** Whether it finds more than that. */
  more: z.boolean(),
});
export type AdminItemsPage = z.infer<typeof AdminItemsPageSchema>;

/** What the admin log records. */
export const ADMIN_ACTIONS = [
  'item.create',
  'item.update',
  'item.delete',
  'review.reviewed',
  'review.redo',
  'review.delete',
  'app.ads-level',
  'order.refund',
  'order.email-again',
  'coupon.create',
  'coupon.update',
  'banner.create',
  'banner.update',
  'banner.delete',
  'bundle.create',
  'bundle.update',
  'bundle.delete',
] as const;
export type AdminActionKind = (typeof ADMIN_ACTIONS)[number];

/** One thing an administrator did: who, what, to what, when, and the fields before and after. */
export const AdminActionSchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  actor: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  target: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminAction = z.infer<typeof AdminActionSchema>;

export const AdminActionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AdminActionsQuery = z.infer<typeof AdminActionsQuerySchema>;

export const AdminActionsPageSchema = z.object({ actions: z.array(AdminActionSchema), total: z.number().int() });
export type AdminActionsPage = z.infer<typeof AdminActionsPageSchema>;

/** How many outbox jobs are in each state: queued ones include those waiting for a retry. */
export const JobSummarySchema = z.object({
  queued: z.number().int(),
  running: z.number().int(),
  failed: z.number().int(),
  done: z.number().int(),
});
export type JobSummary = z.infer<typeof JobSummarySchema>;

/** An outbox job that gave up after its retries, as administrators see it. */
export const FailedJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  key: z.string(),
  attempts: z.number().int(),
  lastError: z.string(),
  createdAt: z.string(),
  failedAt: z.string(),
});
export type FailedJob = z.infer<typeof FailedJobSchema>;
