/**
 * Numbers and texts both sides use: the server and the web app, or the contract's schemas. What
 * one side alone needs lives with it (web/src/lib/ui-constants.ts, server/shared/constants.ts).
 */

export const STORE_NAME_DEFAULT = 'PaletteWall';

export const CURRENCY = 'USD';

/** Every catalogue list is paged: this many items unless `limit` says otherwise, and never more than the most. */
export const LIST_PAGE_SIZE = 60;
export const LIST_MAX_PAGE_SIZE = 200;

/**
 * A search and a colour's list rank at most this many matches (the newest), so a common word or
 * colour costs what a rare one does; their totals count up to it.
 */
export const RANKED_MATCHES = 1000;

export const MIN_PASSWORD_LENGTH = 8;

export const DEFAULT_PRICE = 2.8;
export const DEFAULT_STARS = 5;

export const STORAGE_LIST_MAX_PAGE_SIZE = 1000;

export const PHOTO_TYPES = ['static', 'live'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** The highest ad level the owner may set for the Android app. */
export const ADS_LEVEL_MAX = 10;

/**
 * The three themes; `tag` is how items are labelled, `path` is the original store's route, `art` names
 * the theme's banner in the web app's /art (also the apps' home banners).
 */
export const THEMES = [
  { tag: 'anime', label: 'Anime', nav: 'ANIME', path: '/painting', art: 'anime' },
  { tag: 'landscape', label: 'Landscape', nav: 'LANDSCAPE', path: '/landscape', art: 'landscape' },
  { tag: 'minimalistic', label: 'Minimalistic', nav: 'MINIMALISTIC', path: '/city', art: 'city' },
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

/*
 * The store's own texts, by area. They live here rather than beside the zod schemas, so the
 * pages that show them do not have to load zod.
 */
export const ORDER_MESSAGES = {
  pending: 'Your payment is pending with PayPal. We will email your download links as soon as it completes.',
  declined: 'The payment was declined. Please try another way to pay.',
  amountMismatch:
    'The payment amount did not match the order, so nothing was charged to your order. Please contact us.',
  notYours: 'This order belongs to another account.',
  orderNotFound: 'Order not found',
  noSuchOrderId:
    "No order of yours has this orderId. The path takes the order's orderId (a UUID) or its providerOrderId.",
  noSuchProviderOrderId:
    "No order of yours has this providerOrderId. The path takes the order's orderId (a UUID) or its providerOrderId.",
  alreadyOwned: 'You already own this wallpaper.',
  /** A public store without a payment provider (the test wallet is for local stores). */
  paymentsClosed: 'This store does not take payments yet, so nothing can be bought. Free wallpapers download as usual.',
  linkExpired: 'This download link has expired. Log in and download it again from your account page.',
  linkForged: 'This download link is not valid. Log in and download your wallpapers from your account page.',
  refunded: 'This purchase was refunded, so its downloads have ended.',
  replaced:
    'This order was replaced by a newer one from your cart, so it cannot be paid. Please pay from your cart again.',
  ownedAlready: 'You already own these wallpapers, so nothing was charged',
  inProgress: 'A payment for these wallpapers is already under way; wait for it to finish, or see your account',
} as const;

export const USER_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists. Log in, or reset your password.',
  commonPassword: 'This password is one of the most common ones. Please choose another.',
  verified: 'Email verified successfully!',
  forgotSent: 'If an account exists for that email, we have sent it a link to reset the password.',
  resetDone: 'Your password has been changed. You can log in now.',
  resetExpired: 'This reset link has expired or was already used. Ask for a new one.',
  loginRequired: 'Please log in first.',
  adminOnly: 'Only administrators can do that.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  crossSite: 'This request came from another site and was refused.',
  verificationEmailFailed: 'Failed to send verification email',
} as const;

export const REVIEW_MESSAGES = {
  missing: 'Cannot mark as reviewed: itemId or itemUrl is missing.',
  alreadyReviewed: 'This item is already reviewed.',
  reviewed: 'Item marked as reviewed',
  deleted: 'Item deleted successfully',
  reset: 'Item has been reset for processing',
  notFound: 'Waiting item not found',
} as const;

/** How many hearts an account keeps, and a visitor's browser before it signs in. */
export const MAX_FAVOURITES = 500;

/** How long a send-to-phone link works (decision 029). */
export const PHONE_LINK_MINUTES = 15;
