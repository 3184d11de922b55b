/** The server's own constants (what the web app shows too lives in contract/constants.ts). */

/** For files whose name changes whenever their content does: cached anywhere, for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** A session ends after this long without use (the cookie lives as long). */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;

/** Orders are priced by the server: the currency's tax rate. */
export const TAX = 0;

/** Between two verification emails to one account. */
export const EMAIL_THROTTLE_MS = 7000;

/** The size every wallpaper is stored at (its master), and the largest source kept beside it. */
export const MASTER_WIDTH = 1440;
export const MASTER_HEIGHT = 2560;
/** Processing keeps a larger source at up to this many pixels tall, for phone files beyond the master. */
export const MAX_SOURCE_SIDE = 4096;

/** How many wallpapers the demo catalogue holds, unless DEMO_ITEMS says otherwise. */
export const DEMO_ITEM_COUNT = 39;

/** The Android app's ad level until the owner sets one (the app's own default, so nothing changes for its users). */
export const DEFAULT_ADS_LEVEL = 3;

export const ITEM_MESSAGES = {
  soldStays:
    'This wallpaper has been bought, so it stays in the store for its buyers: its files and their downloads are kept. Unpublish it instead.',
  inBundle: (bundles: string[]) =>
    `This wallpaper is in a bundle on sale (${bundles.join(', ')}). Take it out of the bundle or unpublish the bundle first.`,
} as const;
