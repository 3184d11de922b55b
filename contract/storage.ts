import { z } from 'zod';
import { STORAGE_LIST_MAX_PAGE_SIZE } from './constants.ts';

export const StorageListQuerySchema = z.object({
  prefix: z
    .string()
    .regex(
      /^([A-Za-z0-9][A-Za-z0-9._-]*\/)*[A-Za-z0-9._-]*$/,
      'prefix may hold only letters, digits, ".", "_", "-" and "/"',
    )
    .default('images/'),
  pageSize: z.coerce
    .number()
    .int()
    .min(1, `pageSize must be between 1 and ${STORAGE_LIST_MAX_PAGE_SIZE}`)
    .max(STORAGE_LIST_MAX_PAGE_SIZE, `pageSize must be between 1 and ${STORAGE_LIST_MAX_PAGE_SIZE}`)
    .default(100),
  pageToken: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, 'pageToken is not valid')
    .max(2000)
    .optional(),
});

export const StoredObjectSchema = z.object({
  bucket: z.string(),
  generation: z.string(),
  metageneration: z.string(),
  fullPath: z.string(),
  name: z.string(),
  size: z.number(),
  timeCreated: z.string(),
  updated: z.string(),
  md5Hash: z.string(),
  cacheControl: z.string().optional(),
  contentDisposition: z.string().optional(),
  contentEncoding: z.string().optional(),
  contentLanguage: z.string().optional(),
  contentType: z.string(),
  customMetadata: z.record(z.string(), z.string()).optional(),
});

export const StorageListSchema = z.object({
  items: z.array(StoredObjectSchema),
  nextPageToken: z.string().optional(),
});
