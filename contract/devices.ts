/**
 * Phone screens a wallpaper can be made for (decision 028). Models that share a screen's pixels
 * share one entry: the file made for it is the same, and detection can name it without guessing
 * between models nobody can tell apart from a browser.
 */
export interface PhoneScreen {
  /** Stable key, kept in localStorage and on the account. */
  id: string;
  /** The models with exactly this screen, newest first. */
  models: readonly string[];
  /** Portrait pixels. */
  width: number;
  height: number;
}

export const PHONE_SCREENS: readonly PhoneScreen[] = [
  { id: '1320x2868', models: ['iPhone 17 Pro Max', 'iPhone 16 Pro Max'], width: 1320, height: 2868 },
  { id: '1260x2736', models: ['iPhone Air'], width: 1260, height: 2736 },
  { id: '1206x2622', models: ['iPhone 17 Pro', 'iPhone 17', 'iPhone 16 Pro'], width: 1206, height: 2622 },
  {
    id: '1290x2796',
    models: ['iPhone 16 Plus', 'iPhone 15 Pro Max', 'iPhone 15 Plus', 'iPhone 14 Pro Max'],
    width: 1290,
    height: 2796,
  },
  { id: '1179x2556', models: ['iPhone 16', 'iPhone 15 Pro', 'iPhone 15', 'iPhone 14 Pro'], width: 1179, height: 2556 },
  { id: '1284x2778', models: ['iPhone 14 Plus', 'iPhone 13 Pro Max', 'iPhone 12 Pro Max'], width: 1284, height: 2778 },
  {
    id: '1170x2532',
    models: ['iPhone 16e', 'iPhone 14', 'iPhone 13 Pro', 'iPhone 13', 'iPhone 12 Pro', 'iPhone 12'],
    width: 1170,
    height: 2532,
  },
  { id: '1242x2688', models: ['iPhone 11 Pro Max', 'iPhone XS Max'], width: 1242, height: 2688 },
  { id: '1125x2436', models: ['iPhone 11 Pro', 'iPhone XS', 'iPhone X'], width: 1125, height: 2436 },
  { id: '828x1792', models: ['iPhone 11', 'iPhone XR'], width: 828, height: 1792 },
  { id: '750x1334', models: ['iPhone SE (3rd generation)', 'iPhone SE (2nd generation)'], width: 750, height: 1334 },
  { id: '1344x2992', models: ['Pixel 10 Pro XL', 'Pixel 9 Pro XL', 'Pixel 8 Pro'], width: 1344, height: 2992 },
  { id: '1280x2856', models: ['Pixel 10 Pro', 'Pixel 9 Pro'], width: 1280, height: 2856 },
  { id: '1080x2424', models: ['Pixel 10', 'Pixel 9a', 'Pixel 9'], width: 1080, height: 2424 },
  { id: '1080x2400', models: ['Pixel 8a', 'Pixel 8', 'Pixel 7a', 'Pixel 7', 'Pixel 6'], width: 1080, height: 2400 },
  {
    id: '1440x3120',
    models: ['Galaxy S25 Ultra', 'Galaxy S24 Ultra', 'Galaxy S24+', 'Pixel 7 Pro', 'Pixel 6 Pro'],
    width: 1440,
    height: 3120,
  },
  { id: '1440x3088', models: ['Galaxy S23 Ultra', 'Galaxy S22 Ultra'], width: 1440, height: 3088 },
  {
    id: '1080x2340',
    models: [
      'Galaxy S25',
      'Galaxy S24',
      'Galaxy S23',
      'Galaxy A56',
      'Galaxy A55',
      'Galaxy A54',
      'Galaxy A35',
      'Galaxy A16',
      'Galaxy A15',
      'iPhone 13 mini',
      'iPhone 12 mini',
    ],
    width: 1080,
    height: 2340,
  },
];

/** Browsers round the screen's CSS size; a screen matches when its pixels are this close (0.5 %). */
const DETECTION_TOLERANCE = 0.005;

/**
 * The phone screen a browser is on, from its screen size in CSS pixels and its device pixel
 * ratio: the one screen within 0.5 % of those pixels, or undefined when none or several are.
 */
export function detectPhoneScreen(screen: { width: number; height: number }, pixelRatio: number) {
  const width = Math.min(screen.width, screen.height) * pixelRatio;
  const height = Math.max(screen.width, screen.height) * pixelRatio;
  const near = (actual: number, expected: number) => Math.abs(actual - expected) <= expected * DETECTION_TOLERANCE;
  const matches = PHONE_SCREENS.filter((candidate) => near(width, candidate.width) && near(height, candidate.height));
  return matches.length === 1 ? matches[0] : undefined;
}

/** The sides a phone file may have: the smallest phones to 4096 px ('Other' sizes included). */
export const SCREEN_SIDE = { min: 240, max: 4096 } as const;
