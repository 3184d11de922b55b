import { z } from 'zod';
import { ScreenSizeSchema } from './device-schemas.ts';
import { ItemIdSchema } from './item.ts';

export const PhoneLinkBodySchema = z.object({
  itemId: ItemIdSchema,
  /** The screen chosen on the desktop; the phone's page makes its file for it. */
  screen: ScreenSizeSchema.optional(),
});

export const PhoneLinkSchema = z.object({
  /** The short address the QR code holds. */
  url: z.string(),
  /** The QR code of `url`, as an SVG document. */
  qrSvg: z.string(),
  expiresAt: z.iso.datetime(),
});
export type PhoneLink = z.infer<typeof PhoneLinkSchema>;

export const PhoneLinkCodeSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{8,16}$/, 'This link is not valid'),
});

/** What a phone opening the link gets: the item, the file it may download and the screen chosen. */
export const OpenedPhoneLinkSchema = z.object({
  itemId: z.string(),
  downloadLink: z.string(),
  downloadName: z.string(),
  screen: z.string().optional(),
});
export type OpenedPhoneLink = z.infer<typeof OpenedPhoneLinkSchema>;
