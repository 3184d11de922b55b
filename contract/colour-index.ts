import { z } from 'zod';
import { PHOTO_TYPES } from './constants.ts';

/**
 * What an API process asks the colour index for (decision 098): a page of a colour's list,
 * the whole catalogue's or a tag's (of a photo type, OLED dark), among its newest `candidates`
 * matches, nearest first.
 */
export const ColourIndexQuerySchema = z.object({
  l: z.coerce.number().min(-1000).max(1000),
  a: z.coerce.number().min(-1000).max(1000),
  b: z.coerce.number().min(-1000).max(1000),
  tag: z.string().min(1).max(100).optional(),
  photoType: z.enum(PHOTO_TYPES).optional(),
  dark: z.enum(['true']).optional(),
  candidates: z.coerce.number().int().min(1).max(10_000),
  limit: z.coerce.number().int().min(1).max(1000),
  /** As far as a list's own `offset` reaches. */
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** The last item shown: its distance and id, for the page after it. */
  afterDistance: z.coerce.number().min(0).optional(),
  afterId: z.string().min(1).max(100).optional(),
});

export type ColourIndexQuery = z.infer<typeof ColourIndexQuerySchema>;

/**
 * The page's items as [id, distance], how many candidates it was ranked among, and whether the
 * index had writes still to read as it answered.
 */
export const ColourIndexPageSchema = z.object({
  items: z.array(z.tuple([z.string(), z.number()])),
  total: z.number().int().min(0),
  behind: z.boolean(),
});

export type ColourIndexPage = z.infer<typeof ColourIndexPageSchema>;

/** How long the colour index keeps an idle connection open; its clients close theirs sooner. */
export const COLOUR_INDEX_KEEP_ALIVE_MS = 65_000;
