/** Colours as the eye compares them: CIELAB (D65), where distance follows perceived difference. */
export interface Lab {
  l: number;
  a: number;
  b: number;
}

const toLinear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (t * 24389) / 27 / 116 + 16 / 116);

/** An sRGB colour (0–255 channels) in CIELAB. */
export function rgbToLab(r: number, g: number, b: number): Lab {
  const [lr, lg, lb] = [toLinear(r), toLinear(g), toLinear(b)];
  const x = (lr * 0.4124 + lg * 0.3576 + lb * 0.1805) / 0.95047;
  const y = lr * 0.2126 + lg * 0.7152 + lb * 0.0722;
  const z = (lr * 0.0193 + lg * 0.1192 + lb * 0.9505) / 1.08883;
  return { l: 116 * f(y) - 16, a: 500 * (f(x) - f(y)), b: 200 * (f(y) - f(z)) };
}

/** How many dominant colours a wallpaper's palette keeps (palette_distance, migration 0022, reads five). */
export const PALETTE_SIZE = 5;

/** Below this lightness a pixel is near-black: an OLED screen keeps it dark, drawing almost nothing. */
export const NEAR_BLACK_L = 15;

/** Share of near-black pixels from which a wallpaper counts as 'OLED dark'. */
export const OLED_DARK_SHARE = 0.5;

export const toHex = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** The channels of a #rrggbb colour. */
export function hexToRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export const labOfHex = (hex: string): Lab => rgbToLab(...hexToRgb(hex));

/** How far apart two colours look (CIE76: their distance in CIELAB; about 2.3 is just noticeable). */
export const deltaE = (p: Lab, q: Lab) => Math.hypot(p.l - q.l, p.a - q.a, p.b - q.b);

/**
 * A wallpaper matches a colour filter when one of its palette's colours lies within this
 * distance of the colour asked for: the same family of hue and lightness, not the same shade.
 */
export const COLOUR_MATCH_DISTANCE = 25;

/** The colours the theme and search pages offer as filters. */
export const SWATCHES = [
  { name: 'red', hex: '#c8323c' },
  { name: 'orange', hex: '#e07b2a' },
  { name: 'yellow', hex: '#e6c439' },
  { name: 'green', hex: '#3e8e4a' },
  { name: 'teal', hex: '#2a9187' },
  { name: 'blue', hex: '#2f63c0' },
  { name: 'purple', hex: '#7046b8' },
  { name: 'pink', hex: '#e07aa6' },
  { name: 'white', hex: '#f0f0f0' },
  { name: 'grey', hex: '#7f7f7f' },
] as const;
