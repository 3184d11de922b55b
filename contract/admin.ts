import { z } from 'zod';
import { DEFAULT_STARS, PHOTO_TYPES } from './constants.ts';
import { ItemIdSchema } from './item.ts';

export const UPLOAD_KINDS = ['thumbnail', 'image', 'video'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UploadQuerySchema = z.object({ itemId: ItemIdSchema, kind: z.enum(UPLOAD_KINDS) });

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

const DimensionsSchema = z.string().trim().regex(/^\d{2,5}x\d{2,5}$/, 'dimensions must look like 1440x2560');

/** The /upload form's item: files are referred to by the keys POST /api/uploads answered. */
export const CreateItemBodySchema = z.object({
  itemId: ItemIdSchema.optional(),
  name: z.string().trim().min(1, 'name is invalid!').max(80),
  price: z.number().min(0).max(1000),
  freeDownload: z.boolean(),
  stars: z.number().int().min(0).max(5).default(DEFAULT_STARS),
  photoType: z.enum(PHOTO_TYPES),
  tags: z.array(z.string().trim().min(1).max(30)).min(1, 'tags is invalid!').max(12),
  dimensions: DimensionsSchema,
  thumbnailKey: z.string().max(300),
  imageKey: z.string().max(300),
  videoKey: z.string().max(300).optional(),
});
export type CreateItemBody = z.input<typeof CreateItemBodySchema>;

export const UpdateItemBodySchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    price: z.number().min(0).max(1000),
    freeDownload: z.boolean(),
    tags: z.array(z.string().trim().min(1).max(30)).min(1).max(12),
    published: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
