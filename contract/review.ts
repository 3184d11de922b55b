import { z } from 'zod';
import { FocalPointSchema } from './device-schemas.ts';

export const REVIEW_FILTERS = ['all', 'reviewed', 'not-reviewed'] as const;

/** The original store's Review-list item, with what the reviewer also needs to know. */
export const ReviewListItemSchema = z.object({
  _id: z.string(),
  numberId: z.number(),
  url: z.string(),
  itemUrl: z.string(),
  status: z.string(),
  review: z.boolean(),
  /** Whether its item is on sale in the store (a reviewed draft, or one published by hand). */
  published: z.boolean(),
  itemId: z.string(),
  name: z.string(),
  flags: z.array(z.string()),
  failureReason: z.string(),
});
export type ReviewListItem = z.infer<typeof ReviewListItemSchema>;

export const ReviewEntryDetailSchema = ReviewListItemSchema.extend({
  draft: z
    .object({
      name: z.string(),
      tags: z.array(z.string()),
      price: z.number(),
      freeDownload: z.boolean(),
      focalPoint: FocalPointSchema,
    })
    .optional(),
});
export type ReviewEntryDetail = z.infer<typeof ReviewEntryDetailSchema>;
