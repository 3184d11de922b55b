import { deviceCrop, type FocalPoint, type Size } from '#contract/device-crop.ts';

/**
 * What the phone preview draws, worked out once for the app and for the entry, which draws it
 * before the app runs (decision 034): the frame's shape, where the picture sits in it, and the
 * lock screen's date and time. No React here.
 */

/** The lock screen's clock covers this band of the screen's height (top, bottom), on iPhones and Androids alike. */
const CLOCK_BAND = { top: 0.1, bottom: 0.32 } as const;

export interface PreviewGeometry {
  /** The frame's CSS aspect-ratio: the screen's shape. */
  aspectRatio: string;
  /** The picture's CSS width, left and top, so the frame shows exactly the device file's region. */
  picture: { width: string; left: string; top: string };
  /** The focal point sits under the lock screen's clock. */
  underClock: boolean;
}

/** The preview of `screen`, or undefined when no region of the original has its shape. */
export function previewGeometry(original: Size, screen: Size, focal: FocalPoint): PreviewGeometry | undefined {
  const crop = deviceCrop(original, screen, focal);
  // Beyond the upscale limit there is no device file, but the preview still shows the same shape.
  const region = crop.fits
    ? crop
    : deviceCrop(original, { width: screen.width / crop.scale, height: screen.height / crop.scale }, focal);
  if (!region.fits) return undefined;
  const focalY = (focal.y * original.height - region.top) / region.height;
  return {
    aspectRatio: `${screen.width} / ${screen.height}`,
    picture: {
      width: `${(original.width / region.width) * 100}%`,
      left: `${(-region.left / region.width) * 100}%`,
      top: `${(-region.top / region.height) * 100}%`,
    },
    underClock: focalY > CLOCK_BAND.top && focalY < CLOCK_BAND.bottom,
  };
}

/** The time as a lock screen shows it: hours and minutes in the visitor's locale, without AM or PM. */
export const lockScreenTime = (now: Date) =>
  new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' })
    .formatToParts(now)
    .filter((part) => part.type === 'hour' || part.type === 'minute' || (part.type === 'literal' && part.value.trim()))
    .map((part) => part.value)
    .join('');

export const lockScreenDate = (now: Date) =>
  now.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });

/** An item's original size, as its first size option says. */
export function originalSize(sizeOptions: readonly string[]): Size {
  const [width, height] = (sizeOptions[0] ?? '1440x2560').split('x').map(Number) as [number, number];
  return { width, height };
}
