/** How much a device file may enlarge its original before the store offers the original instead. */
export const MAX_UPSCALE = 1.25;

export interface Size {
  width: number;
  height: number;
}

/** Where the eye goes, as fractions of the image's width and height (0.5, 0.5 is the centre). */
export interface FocalPoint {
  x: number;
  y: number;
}

export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

export type DeviceCrop =
  | { fits: true; left: number; top: number; width: number; height: number; scale: number }
  | { fits: false; scale: number };

/**
 * The part of an original that becomes a screen's file (decision 028): the largest region of the
 * screen's shape, scaled to cover it, centred on the focal point and moved inside the image
 * where the point is near an edge. Refused when covering would enlarge more than MAX_UPSCALE.
 */
export function deviceCrop(original: Size, screen: Size, focal: FocalPoint = CENTRE): DeviceCrop {
  const scale = Math.max(screen.width / original.width, screen.height / original.height);
  if (scale > MAX_UPSCALE) return { fits: false, scale };
  const width = Math.min(original.width, Math.round(screen.width / scale));
  const height = Math.min(original.height, Math.round(screen.height / scale));
  const place = (centre: number, span: number, whole: number) =>
    Math.min(whole - span, Math.max(0, Math.round(centre * whole - span / 2)));
  return {
    fits: true,
    left: place(focal.x, width, original.width),
    top: place(focal.y, height, original.height),
    width,
    height,
    scale,
  };
}
