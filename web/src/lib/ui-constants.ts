/** The web app's own timings, sizes and keys, as the original store has them. */

export const HOME_ITEM_COUNT = 12;
export const LOGIN_REDIRECT_DELAY_MS = 1500;
export const AUTOPLAY_DOWNLOAD_DELAY_MS = 500;
export const PREVIEW_REVERT_MS = 2900;
export const CAROUSEL_OFFSET_RADIUS = 3;
export const CAROUSEL_GO_TO_SLIDE_DELAY_MS = 200;
export const TOAST_AUTO_CLOSE_MS = 2000;
export const DEFAULT_DIMENSIONS = '1440x2560';
export const PRIVACY_MIN_AGE = 13;

/** Where the browser keeps the cart and the signed-in user, under the original store's keys. */
export const STORAGE_KEYS = { cart: 'cart', user: 'user' } as const;
