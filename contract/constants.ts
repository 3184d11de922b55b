/** Numbers and texts fixed by the product specification, shared by server and web. */

export const STORE_NAME_DEFAULT = 'PaletteWall';

export const CURRENCY = 'USD';
export const TAX = 0;

export const HOME_ITEM_COUNT = 12;
export const MIN_PASSWORD_LENGTH = 8;
export const LOGIN_REDIRECT_DELAY_MS = 1500;
export const EMAIL_THROTTLE_MS = 7000;
export const AUTOPLAY_DOWNLOAD_DELAY_MS = 500;
export const PREVIEW_REVERT_MS = 2900;
export const CAROUSEL_OFFSET_RADIUS = 3;
export const CAROUSEL_GO_TO_SLIDE_DELAY_MS = 200;
export const TOAST_AUTO_CLOSE_MS = 2000;

export const DEFAULT_PRICE = 2.8;
export const DEFAULT_STARS = 5;
export const DEFAULT_DIMENSIONS = '1440x2560';
export const MASTER_WIDTH = 1440;
export const MASTER_HEIGHT = 2560;

export const STORAGE_LIST_MAX_PAGE_SIZE = 1000;
export const PRIVACY_MIN_AGE = 13;

export const STORAGE_KEYS = { cart: 'cart', user: 'user' } as const;

export const PHOTO_TYPES = ['static', 'live'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** The three themes; `tag` is how items are labelled, `path` is the spec's route. */
export const THEMES = [
  { tag: 'anime', label: 'Anime', nav: 'ANIME', path: '/painting' },
  { tag: 'landscape', label: 'Landscape', nav: 'LANDSCAPE', path: '/landscape' },
  { tag: 'minimalistic', label: 'Minimalistic', nav: 'MINIMALISTIC', path: '/city' },
] as const;

export const MESSAGES = {
  itemNotFound: 'Item not found',
  noInfo: 'No info',
  imageNotFound: 'Image Not Found',
  errorFetchingItems: 'Error fetching items',
  cartEmpty: 'YOUR CART IS EMPTY',
  alreadyInCart: 'You have already put this item!',
  pleaseLogin: 'Please login to continue',
  paymentError: 'Payment Error, please try again!',
  passwordTooShort: 'Passwords must have at least 8 characters.',
  verificationExpired: 'Email verification link expired',
  errorLink: 'ERROR LINK',
} as const;
