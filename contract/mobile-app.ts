import { z } from 'zod';
import { ADS_LEVEL_MAX } from './constants.ts';
import { text } from './text.ts';

/**
 * What the Android app reads on its home screen and reports of its use, beside the item lists
 * it shares with the other clients (decision 039).
 */

/** A home banner: a picture that opens a catalogue (`value`) when the app knows its `action`. */
export const BoardSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  title: z.string(),
  /** NAVIGATION_CATALOG opens the `value` catalogue; the shipped app acts only on NAVIGATION_HALLOWEEN and NAVIGATION_CHRISTMAS. */
  action: z.string(),
  value: z.string(),
  photoUrl: z.string(),
  ratioWidth: z.number().int(),
  ratioHeight: z.number().int(),
});
export type Board = z.infer<typeof BoardSchema>;

/** A catalogue the app offers as a chip with a cover: a theme, or one of the most used tags. */
export const CatalogSchema = z.object({
  id: z.number().int(),
  /** What the app sends back as `catalog` on the paged listing. */
  key: z.string(),
  title: z.string(),
  photoUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Catalog = z.infer<typeof CatalogSchema>;

export const AppSettingsSchema = z.object({
  version: z.number().int(),
  adsLevel: z.number().int().min(0).max(ADS_LEVEL_MAX),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;

/** A field the app fills from the phone; Gson leaves out one that is null, so it may be missing. */
const described = (max: number) => text().trim().max(max).default('');

/** One event the app reports: a download, a tap on a download button, an ad shown. */
export const AppEventBodySchema = z.object({
  itemId: text().trim().min(1, 'itemId is required').max(64),
  eventType: text().trim().min(1, 'eventType is required').max(100),
  appVersion: described(32),
  manufacturer: described(100),
  model: described(100),
  release: described(32),
  sdk: described(16),
  country: described(64),
});
export type AppEvent = z.infer<typeof AppEventBodySchema>;
