/** Constants more than one layer of the server needs; each has one owner here. */

/** For files whose name changes whenever their content does: cached anywhere, for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** A session ends after this long without use (the cookie lives as long). */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
